import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AiService } from "@rupa/shared";
import { aiModelConfigs, generationJobs } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import type { AuditActor, AuditRepository } from "../audit/audit.repository";

export type AiConfigRow = typeof aiModelConfigs.$inferSelect;

/** The fields an admin edits (the service of an entry never changes). */
export type AiConfigFields = Pick<
  typeof aiModelConfigs.$inferInsert,
  "apiProvider" | "modelName" | "apiEndpoint" | "configData" | "isActive"
>;

/** The generation kinds each service's provider draws (for a configuration's usage). */
const KINDS_OF: Record<AiService, string[]> = {
  avatar_generation: ["avatar", "custom_profession"],
  kanvas_generation: ["kanvas"],
  style_preview: ["style_preview"],
};

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

/**
 * `ai_model_configs`: the active entry of a service (read fresh by the provider registry for
 * every generation) and the admin's changes, each with its audit row in the same transaction.
 * One active entry per service: activating one deactivates the others of its service first,
 * in the transaction (and a partial unique index refuses a second one whatever happens).
 */
export function createAiConfigsRepository(db: Database, audit: Pick<AuditRepository, "write">) {
  async function deactivateOthers(tx: Tx, service: string, keep: string | null) {
    await tx
      .update(aiModelConfigs)
      .set({ isActive: false })
      .where(
        and(
          eq(aiModelConfigs.serviceName, service),
          eq(aiModelConfigs.isActive, true),
          keep ? sql`${aiModelConfigs.id} <> ${keep}` : undefined,
        ),
      );
  }

  return {
    async activeFor(service: AiService): Promise<AiConfigRow | null> {
      const [row] = await db
        .select()
        .from(aiModelConfigs)
        .where(and(eq(aiModelConfigs.serviceName, service), eq(aiModelConfigs.isActive, true)));
      return row ?? null;
    },
    async all(): Promise<AiConfigRow[]> {
      return db
        .select()
        .from(aiModelConfigs)
        .orderBy(asc(aiModelConfigs.serviceName), asc(aiModelConfigs.createdAt));
    },
    async find(id: string): Promise<AiConfigRow | null> {
      const [row] = await db.select().from(aiModelConfigs).where(eq(aiModelConfigs.id, id));
      return row ?? null;
    },
    /** A new entry and the service's only active one (start-up and tests; no admin behind it). */
    async activate(
      service: AiService,
      values: Omit<typeof aiModelConfigs.$inferInsert, "serviceName" | "isActive">,
    ) {
      return db.transaction(async (tx) => {
        await deactivateOthers(tx, service, null);
        const [row] = await tx
          .insert(aiModelConfigs)
          .values({ ...values, serviceName: service, isActive: true })
          .returning();
        return row!;
      });
    },

    /**
     * How many generations each (service, provider, model) recorded, and the latest: what the
     * job rows say was used, so a card shows whether its configuration is really drawing.
     */
    async usage(
      rows: Pick<AiConfigRow, "id" | "serviceName" | "apiProvider" | "modelName">[],
    ): Promise<Map<string, { generations: number; lastUsedAt: Date | null }>> {
      const out = new Map<string, { generations: number; lastUsedAt: Date | null }>();
      if (rows.length === 0) return out;
      const counts = await db
        .select({
          kind: generationJobs.kind,
          provider: generationJobs.provider,
          model: generationJobs.modelName,
          n: sql<number>`count(*)::int`,
          last: sql<Date | null>`max(${generationJobs.createdAt})`.mapWith((v: unknown) =>
            v === null ? null : new Date(v as string),
          ),
        })
        .from(generationJobs)
        .where(
          and(
            inArray(generationJobs.provider, [...new Set(rows.map((r) => r.apiProvider))]),
            inArray(generationJobs.modelName, [...new Set(rows.map((r) => r.modelName))]),
          ),
        )
        .groupBy(generationJobs.kind, generationJobs.provider, generationJobs.modelName);
      for (const r of rows) {
        const kinds = KINDS_OF[r.serviceName as AiService] ?? [];
        const mine = counts.filter(
          (c) => kinds.includes(c.kind) && c.provider === r.apiProvider && c.model === r.modelName,
        );
        const last = mine.reduce<Date | null>(
          (m, c) => (c.last && (!m || c.last > m) ? c.last : m),
          null,
        );
        out.set(r.id, { generations: mine.reduce((n, c) => n + Number(c.n), 0), lastUsedAt: last });
      }
      return out;
    },

    /** An admin's new entry (inactive unless `values.isActive`), with its audit row. */
    async create(
      service: AiService,
      values: AiConfigFields,
      actor: AuditActor,
    ): Promise<AiConfigRow> {
      return db.transaction(async (tx) => {
        if (values.isActive) await deactivateOthers(tx, service, null);
        const [row] = await tx
          .insert(aiModelConfigs)
          .values({ ...values, serviceName: service })
          .returning();
        await audit.write(tx, {
          actor,
          action: "ai_config.created",
          entityType: "ai_config",
          entityId: row!.id,
          before: null,
          after: snapshot(row!),
        });
        return row!;
      });
    },

    /**
     * An admin's save: the fields as given; when it becomes active, the service's other
     * entries are deactivated first, in the same transaction as the change and its audit row.
     * Null when there is no such entry.
     */
    async update(id: string, values: AiConfigFields, actor: AuditActor) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(aiModelConfigs)
          .where(eq(aiModelConfigs.id, id))
          .for("update");
        if (!before) return null;
        if (values.isActive) await deactivateOthers(tx, before.serviceName, id);
        const [row] = await tx
          .update(aiModelConfigs)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(aiModelConfigs.id, id))
          .returning();
        const action =
          values.isActive && !before.isActive
            ? "ai_config.activated"
            : !values.isActive && before.isActive
              ? "ai_config.deactivated"
              : "ai_config.updated";
        await audit.write(tx, {
          actor,
          action,
          entityType: "ai_config",
          entityId: id,
          before: snapshot(before),
          after: snapshot(row!),
        });
        return row!;
      });
    },

    /** An admin's delete with its audit row; false when there is no such entry. */
    async remove(id: string, actor: AuditActor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(aiModelConfigs).where(eq(aiModelConfigs.id, id)).returning();
        if (!row) return false;
        await audit.write(tx, {
          actor,
          action: "ai_config.deleted",
          entityType: "ai_config",
          entityId: id,
          before: snapshot(row),
          after: null,
        });
        return true;
      });
    },
  };
}
export type AiConfigsRepository = ReturnType<typeof createAiConfigsRepository>;
