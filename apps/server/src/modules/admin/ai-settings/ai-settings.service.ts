import {
  AI_CONFIG_DEFAULTS,
  AI_CONFIG_QUALITY_DAYS,
  LIKENESS_SERVICES,
  settingDefinitions,
  type AiConfig,
  type AiConfigTest,
  type AiProvider,
  type AiService,
  type LikenessQuality,
  type LikenessSettings,
  type LikenessSettingsResponse,
  type UpdateAiConfigRequest,
} from "@rupa/shared";
import type { Transactor } from "../../../infra/db/client";
import type { ProviderRegistry } from "../../../infra/providers/registry";
import { AppError, errors } from "../../../lib/errors";
import type { AiConfigRow, AiConfigsRepository } from "../../ai-configs/ai-configs.repository";
import type { AuditActor, AuditRepository } from "../../audit/audit.repository";
import type { SettingsCache } from "../../settings/settings-cache";
import type { SettingsRepository } from "../../settings/settings.repository";
import type { AdminLikenessQualityRepository } from "../likeness-quality.repository";
import { likenessQuality, NO_QUALITY } from "../likeness-quality.rules";
import { writeSettingsChange } from "../settings-change";

export interface AdminAiSettingsDeps {
  db: Transactor;
  configs: Pick<
    AiConfigsRepository,
    "all" | "find" | "usage" | "deactivateOthers" | "insert" | "lock" | "update" | "remove"
  >;
  audit: Pick<AuditRepository, "write">;
  providers: Pick<ProviderRegistry, "keyStatus" | "test" | "endpointRefusal">;
  likeness: Pick<AdminLikenessQualityRepository, "byModel">;
  settings: Pick<SettingsRepository, "get" | "lockMany" | "setInTx">;
  settingsCache: Pick<SettingsCache, "invalidate">;
  now?: () => number;
}

const DAY_MS = 86_400_000;
const LIKENESS_KEY = "likeness_max_distance";
const modelKey = (provider: string, model: string) => `${provider}/${model}`;

/** What the audit trail keeps of an entry (no secret lives in one: keys are env-only). */
function snapshot(r: AiConfigRow): Record<string, unknown> {
  return {
    serviceName: r.serviceName,
    apiProvider: r.apiProvider,
    modelName: r.modelName,
    apiEndpoint: r.apiEndpoint,
    configData: r.configData,
    isActive: r.isActive,
  };
}

/** What a save did to the entry, for its audit row. */
function changeAction(wasActive: boolean, isActive: boolean) {
  if (isActive && !wasActive) return "ai_config.activated" as const;
  if (!isActive && wasActive) return "ai_config.deactivated" as const;
  return "ai_config.updated" as const;
}

export const configNotFound = () => errors.notFound("Configuration not found");

/**
 * An endpoint the provider guard refuses (ADR 030) is not saved: 400 `endpoint_refused`, with
 * the field and the reason as the issue.
 */
export const endpointRefused = (
  field: "apiEndpoint" | "upload_endpoint",
  reason: string,
  why: string,
) =>
  new AppError(
    "endpoint_refused",
    400,
    `This endpoint may not receive the provider's key: ${why}`,
    [
      {
        path: field === "upload_endpoint" ? ["configData", "upload_endpoint"] : [field],
        message: why,
        code: reason,
      },
    ],
  );

/**
 * The admin AI settings section: the entries with whether their provider's key is set (never
 * the key), what the generations recorded using them and, for avatars, Garansi Mirip's figures of
 * the last AI_CONFIG_QUALITY_DAYS days, the changes (one active entry per service: activating one
 * deactivates the others first; each change with its audit row, in one transaction), the
 * provider's Test, and Garansi Mirip's bar (the `likeness_max_distance` setting).
 */
export function createAdminAiSettingsService(d: AdminAiSettingsDeps) {
  const now = d.now ?? (() => Date.now());

  /**
   * Each entry's Garansi Mirip figures, by the provider and model its jobs recorded: null for a
   * service whose results are never checked, "nothing checked" for one without results.
   */
  async function qualityOf(rows: AiConfigRow[]): Promise<Map<string, LikenessQuality | null>> {
    const checked = rows.filter((r) =>
      (LIKENESS_SERVICES as readonly string[]).includes(r.serviceName),
    );
    const end = now();
    const providers = [...new Set(checked.map((r) => r.apiProvider))];
    const models = [...new Set(checked.map((r) => r.modelName))];
    // Every pair of those providers and models fits, so no entry's own pair is cut off.
    const groups =
      checked.length === 0
        ? []
        : await d.likeness.byModel(
            { start: new Date(end - AI_CONFIG_QUALITY_DAYS * DAY_MS), end: new Date(end) },
            providers.length * models.length,
            { providers, models },
          );
    const byModel = new Map(groups.map((g) => [modelKey(g.provider, g.modelName), g]));
    return new Map(
      rows.map((r) => {
        if (!checked.includes(r)) return [r.id, null];
        const g = byModel.get(modelKey(r.apiProvider, r.modelName));
        return [r.id, g ? likenessQuality(g) : NO_QUALITY];
      }),
    );
  }

  async function likenessSettings(): Promise<LikenessSettingsResponse> {
    return {
      maxDistance: await d.settings.get(LIKENESS_KEY),
      defaultMaxDistance: settingDefinitions[LIKENESS_KEY].default,
    };
  }

  function toConfig(
    r: AiConfigRow,
    usage: { generations: number; lastUsedAt: Date | null } | undefined,
    quality: LikenessQuality | null,
  ): AiConfig {
    return {
      id: r.id,
      serviceName: r.serviceName as AiService,
      apiProvider: r.apiProvider as AiProvider,
      modelName: r.modelName,
      apiEndpoint: r.apiEndpoint,
      configData: r.configData,
      isActive: r.isActive,
      ...d.providers.keyStatus(r.apiProvider),
      usage: {
        generations: usage?.generations ?? 0,
        lastUsedAt: usage?.lastUsedAt?.toISOString() ?? null,
      },
      quality,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  async function withUsage(r: AiConfigRow): Promise<AiConfig> {
    const [usage, quality] = await Promise.all([d.configs.usage([r]), qualityOf([r])]);
    return toConfig(r, usage.get(r.id), quality.get(r.id) ?? null);
  }

  return {
    async list(): Promise<AiConfig[]> {
      const rows = await d.configs.all();
      const [usage, quality] = await Promise.all([d.configs.usage(rows), qualityOf(rows)]);
      return rows.map((r) => toConfig(r, usage.get(r.id), quality.get(r.id) ?? null));
    },

    /** "Add Configuration": the defaults of docs/product/admin.md for `service`, inactive. */
    async create(actor: AuditActor, service: AiService): Promise<AiConfig> {
      const values = { ...AI_CONFIG_DEFAULTS, configData: { ...AI_CONFIG_DEFAULTS.configData } };
      const row = await d.db.transaction(async (tx) => {
        const row = await d.configs.insert(tx, service, values);
        await d.audit.write(tx, {
          actor,
          action: "ai_config.created",
          entityType: "ai_config",
          entityId: row.id,
          before: null,
          after: snapshot(row),
        });
        return row;
      });
      return withUsage(row);
    },

    async update(
      actor: AuditActor,
      id: string,
      input: Required<UpdateAiConfigRequest>,
    ): Promise<AiConfig> {
      // The key goes only where the guard allows: a refused endpoint is not stored at all.
      const refused = await d.providers.endpointRefusal(input);
      if (refused)
        throw endpointRefused(refused.field, refused.error.reason, refused.error.message);
      const row = await d.db.transaction(async (tx) => {
        const before = await d.configs.lock(tx, id);
        if (!before) throw configNotFound();
        if (input.isActive) await d.configs.deactivateOthers(tx, before.serviceName, id);
        const row = await d.configs.update(tx, id, input);
        await d.audit.write(tx, {
          actor,
          action: changeAction(before.isActive, input.isActive),
          entityType: "ai_config",
          entityId: id,
          before: snapshot(before),
          after: snapshot(row),
        });
        return row;
      });
      return withUsage(row);
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      await d.db.transaction(async (tx) => {
        const row = await d.configs.remove(tx, id);
        if (!row) throw configNotFound();
        await d.audit.write(tx, {
          actor,
          action: "ai_config.deleted",
          entityType: "ai_config",
          entityId: id,
          before: snapshot(row),
          after: null,
        });
      });
    },

    async test(id: string): Promise<AiConfigTest> {
      const row = await d.configs.find(id);
      if (!row) throw configNotFound();
      return d.providers.test(row);
    },

    likenessSettings,

    /**
     * Saves Garansi Mirip's bar the way admin sections save settings (its audit row in the same
     * transaction; the same value again writes nothing); the next generation judges by it.
     */
    async saveLikenessSettings(
      actor: AuditActor,
      input: LikenessSettings,
    ): Promise<LikenessSettingsResponse> {
      try {
        await d.db.transaction((tx) =>
          writeSettingsChange(d, tx, actor, LIKENESS_KEY, { [LIKENESS_KEY]: input.maxDistance }),
        );
      } finally {
        d.settingsCache.invalidate();
      }
      return likenessSettings();
    },
  };
}
export type AdminAiSettingsService = ReturnType<typeof createAdminAiSettingsService>;
