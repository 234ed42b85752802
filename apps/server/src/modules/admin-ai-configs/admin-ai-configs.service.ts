import {
  AI_CONFIG_DEFAULTS,
  type AiConfig,
  type AiConfigTest,
  type AiProvider,
  type AiService,
  type UpdateAiConfigRequest,
} from "@rupa/shared";
import type { ProviderRegistry } from "../../infra/providers/registry";
import { AppError, errors } from "../../lib/errors";
import type { AiConfigRow, AiConfigsRepository } from "../ai-configs/ai-configs.repository";
import type { AuditActor } from "../audit/audit.repository";

export interface AdminAiConfigsDeps {
  configs: Pick<AiConfigsRepository, "all" | "find" | "usage" | "create" | "update" | "remove">;
  providers: Pick<ProviderRegistry, "keyStatus" | "test" | "endpointRefusal">;
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
 * the key) and what the generations recorded using them, the changes (one active entry per
 * service, enforced in the repository's transaction), and the provider's Test.
 */
export function createAdminAiConfigsService(d: AdminAiConfigsDeps) {
  function toConfig(
    r: AiConfigRow,
    usage: { generations: number; lastUsedAt: Date | null } | undefined,
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
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  async function withUsage(r: AiConfigRow): Promise<AiConfig> {
    return toConfig(r, (await d.configs.usage([r])).get(r.id));
  }

  return {
    async list(): Promise<AiConfig[]> {
      const rows = await d.configs.all();
      const usage = await d.configs.usage(rows);
      return rows.map((r) => toConfig(r, usage.get(r.id)));
    },

    /** "Add Configuration": the defaults of docs/product/admin.md for `service`, inactive. */
    async create(actor: AuditActor, service: AiService): Promise<AiConfig> {
      const row = await d.configs.create(
        service,
        { ...AI_CONFIG_DEFAULTS, configData: { ...AI_CONFIG_DEFAULTS.configData } },
        actor,
      );
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
      const row = await d.configs.update(id, input, actor);
      if (!row) throw configNotFound();
      return withUsage(row);
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      if (!(await d.configs.remove(id, actor))) throw configNotFound();
    },

    async test(id: string): Promise<AiConfigTest> {
      const row = await d.configs.find(id);
      if (!row) throw configNotFound();
      return d.providers.test(row);
    },
  };
}
export type AdminAiConfigsService = ReturnType<typeof createAdminAiConfigsService>;
