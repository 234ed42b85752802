import {
  PROFESSION_REQUESTS_LIMIT,
  settingDefinitions,
  type SettingKey,
  type AdminProfessionConfig,
  type AdminProfessionOverview,
  type AdminProfessionRequest,
  type ProfessionConfigValues,
  type StyleCategory,
} from "@rupa/shared";
import { errors } from "../../../lib/errors";
import { diffFields } from "../styles/styles.service";
import type { Transactor } from "../../../infra/db/client";
import type { AuditActor, AuditRepository } from "../../audit/audit.repository";
import { activeSwitched } from "../active-switched";
import type { SettingsRepository } from "../../settings/settings.repository";
import { imageSet } from "../../styles/styles.service";
import type {
  AdminCustomProfessionRepository,
  ConfigValues,
  ConfigView,
} from "./custom-profession.repository";

export interface AdminCustomProfessionDeps {
  repo: Pick<
    AdminCustomProfessionRepository,
    | "stats"
    | "baseStyles"
    | "styleExists"
    | "configs"
    | "find"
    | "create"
    | "update"
    | "recentRequests"
  >;
  db: Transactor;
  settings: Pick<SettingsRepository, "get" | "setInTx" | "lockMany">;
  audit: Pick<AuditRepository, "write">;
}

/** The feature switch's app setting. */
const ENABLED = "custom_profession_enabled" satisfies SettingKey;

export const configNotFound = () => errors.notFound("Configuration not found");

export function toAdminConfig(v: ConfigView): AdminProfessionConfig {
  const c = v.config;
  const style = v.style && !v.style.deleted ? v.style : null;
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    category: (c.category as StyleCategory | null) ?? null,
    formVariant: c.formVariant === "profession" ? "profession" : "action_figure",
    baseStyle: style
      ? { id: style.id, name: style.name, nameId: style.nameId, isActive: style.isActive }
      : null,
    previewImageUrl: style ? (imageSet(style.previewImageKey)?.card ?? null) : null,
    requiresReferenceImage: c.requiresReferenceImage,
    maxTitleLength: c.maxTitleLength,
    maxAccessoriesLength: c.maxAccessoriesLength,
    maxOtherIdeasLength: c.maxOtherIdeasLength,
    promptTemplate: c.promptTemplate,
    isActive: c.isActive,
    requests: v.requests,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The columns a configuration's form writes (the contract has validated and defaulted them). */
function valuesOf(v: ProfessionConfigValues): ConfigValues {
  return {
    name: v.name,
    description: v.description,
    category: v.category,
    formVariant: v.formVariant,
    baseStyleId: v.baseStyleId,
    requiresReferenceImage: v.requiresReferenceImage,
    maxTitleLength: v.maxTitleLength,
    maxAccessoriesLength: v.maxAccessoriesLength,
    maxOtherIdeasLength: v.maxOtherIdeasLength,
    promptTemplate: v.promptTemplate,
  };
}

/**
 * The Custom profession section (docs/product/admin.md, "custom-profession"): the feature switch,
 * the figures, configurations (created, edited, enabled and disabled) and the newest requests.
 * Every change is written with its audit row in one transaction.
 */
export function createAdminCustomProfessionService(d: AdminCustomProfessionDeps) {
  async function found(id: string): Promise<ConfigView> {
    const v = await d.repo.find(id);
    if (!v) throw configNotFound();
    return v;
  }

  async function checkStyle(id: string) {
    if (!(await d.repo.styleExists(id)))
      throw errors.validation([{ path: ["baseStyleId"], message: "Base style not available." }]);
  }

  return {
    async overview(): Promise<AdminProfessionOverview> {
      const [enabled, stats, baseStyles] = await Promise.all([
        d.settings.get("custom_profession_enabled"),
        d.repo.stats(),
        d.repo.baseStyles(),
      ]);
      return {
        enabled: enabled === "true",
        stats,
        baseStyles: baseStyles.map((s) => ({ ...s, category: s.category as StyleCategory })),
      };
    },

    /**
     * Turns the feature on or off, decided on the setting's locked row (two switches at once
     * write one change); the same value again writes nothing.
     */
    async setEnabled(actor: AuditActor, enabled: boolean): Promise<{ enabled: boolean }> {
      await d.db.transaction(async (tx) => {
        const stored = (await d.settings.lockMany(tx, [ENABLED])).get(ENABLED);
        const current = (stored ?? settingDefinitions[ENABLED].default) === "true";
        if (current === enabled) return;
        await d.settings.setInTx(tx, ENABLED, String(enabled), actor.userId);
        await d.audit.write(tx, {
          actor,
          action: "setting.updated",
          entityType: "setting",
          entityId: ENABLED,
          before: { value: String(current) },
          after: { value: String(enabled) },
        });
      });
      return { enabled };
    },

    async configs(): Promise<AdminProfessionConfig[]> {
      return (await d.repo.configs()).map(toAdminConfig);
    },

    async create(actor: AuditActor, input: ProfessionConfigValues): Promise<AdminProfessionConfig> {
      await checkStyle(input.baseStyleId);
      const values = valuesOf(input);
      const row = await d.db.transaction(async (tx) => {
        const created = await d.repo.create(tx, values);
        await d.audit.write(tx, {
          actor,
          action: "custom_profession_config.created",
          entityType: "custom_profession_config",
          entityId: created.id,
          after: { ...values },
        });
        return created;
      });
      return toAdminConfig(await found(row.id));
    },

    /** Replaces the configuration's fields; the audit row holds those whose value changed. */
    async update(
      actor: AuditActor,
      id: string,
      input: ProfessionConfigValues,
    ): Promise<AdminProfessionConfig> {
      const current = await found(id);
      if (input.baseStyleId !== current.config.baseStyleId) await checkStyle(input.baseStyleId);
      const values = valuesOf(input);
      const { before, after } = diffFields(current.config, values);
      if (Object.keys(after).length === 0) return toAdminConfig(current);
      await d.db.transaction(async (tx) => {
        if (!(await d.repo.update(tx, id, values))) throw configNotFound();
        await d.audit.write(tx, {
          actor,
          action: "custom_profession_config.updated",
          entityType: "custom_profession_config",
          entityId: id,
          before,
          after,
        });
      });
      return toAdminConfig(await found(id));
    },

    async setActive(
      actor: AuditActor,
      id: string,
      active: boolean,
    ): Promise<AdminProfessionConfig> {
      const current = await found(id);
      if (current.config.isActive === active) return toAdminConfig(current);
      const row = await d.db.transaction(async (tx) => {
        const row = await d.repo.update(tx, id, { isActive: active });
        if (!row) throw configNotFound();
        await d.audit.write(tx, activeSwitched(actor, "custom_profession_config", id, active));
        return row;
      });
      return toAdminConfig({ ...current, config: row });
    },

    async requests(): Promise<AdminProfessionRequest[]> {
      const rows = await d.repo.recentRequests(PROFESSION_REQUESTS_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        configName: r.configName,
        userEmail: r.userEmail,
        title: r.title ?? r.profession,
        accessories: r.accessories ?? r.props,
        otherIdeas: r.otherIdeas,
        status: r.status as AdminProfessionRequest["status"],
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
export type AdminCustomProfessionService = ReturnType<typeof createAdminCustomProfessionService>;
