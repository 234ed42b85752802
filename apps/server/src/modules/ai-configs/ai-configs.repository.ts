import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AiService } from "@rupa/shared";
import { aiModelConfigs, generationJobs } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";

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

/**
 * `ai_model_configs`: the active entry of a service (read fresh by the provider registry for
 * every generation) and the writes of the admin's changes, in the transaction the service gives.
 * One active entry per service: the service deactivates the others of its service first (and a
 * partial unique index refuses a second one whatever happens).
 */
export function createAiConfigsRepository(db: Database) {
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

  async function insert(
    tx: Tx,
    service: AiService,
    values: Omit<typeof aiModelConfigs.$inferInsert, "serviceName">,
  ): Promise<AiConfigRow> {
    const [row] = await tx
      .insert(aiModelConfigs)
      .values({ ...values, serviceName: service })
      .returning();
    return row!;
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

    /** The service's active entries, but `keep`, made inactive. */
    deactivateOthers,

    insert,

    /** The entry on its row lock, or null. */
    async lock(tx: Tx, id: string): Promise<AiConfigRow | null> {
      const [row] = await tx
        .select()
        .from(aiModelConfigs)
        .where(eq(aiModelConfigs.id, id))
        .for("update");
      return row ?? null;
    },

    async update(tx: Tx, id: string, values: AiConfigFields): Promise<AiConfigRow> {
      const [row] = await tx
        .update(aiModelConfigs)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(aiModelConfigs.id, id))
        .returning();
      return row!;
    },

    /** The deleted entry, or null when there was none. */
    async remove(tx: Tx, id: string): Promise<AiConfigRow | null> {
      const [row] = await tx.delete(aiModelConfigs).where(eq(aiModelConfigs.id, id)).returning();
      return row ?? null;
    },
  };
}
export type AiConfigsRepository = ReturnType<typeof createAiConfigsRepository>;
