import { and, desc, eq, sql } from "drizzle-orm";
import { customProfessionConfigs, customProfessionRequests, styles } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";

export type ConfigRow = typeof customProfessionConfigs.$inferSelect;

export function createCustomProfessionRepository(db: Database) {
  return {
    /** The newest active configuration of a form variant (docs/product/generator.md). */
    async activeConfig(variant: "action_figure" | "profession"): Promise<ConfigRow | null> {
      const [row] = await db
        .select()
        .from(customProfessionConfigs)
        .where(
          and(
            eq(customProfessionConfigs.isActive, true),
            eq(customProfessionConfigs.formVariant, variant),
          ),
        )
        .orderBy(desc(customProfessionConfigs.createdAt))
        .limit(1);
      return row ?? null;
    },

    async configById(id: string): Promise<ConfigRow | null> {
      const [row] = await db
        .select()
        .from(customProfessionConfigs)
        .where(eq(customProfessionConfigs.id, id));
      return row ?? null;
    },

    async createRequest(v: typeof customProfessionRequests.$inferInsert): Promise<string> {
      const [row] = await db
        .insert(customProfessionRequests)
        .values(v)
        .returning({ id: customProfessionRequests.id });
      return row!.id;
    },

    async attachJob(requestId: string, jobId: string): Promise<void> {
      await db
        .update(customProfessionRequests)
        .set({ jobId })
        .where(eq(customProfessionRequests.id, requestId));
    },

    async deleteRequest(requestId: string): Promise<void> {
      await db.delete(customProfessionRequests).where(eq(customProfessionRequests.id, requestId));
    },

    /**
     * A custom action-figure request's status, which moves with its generation (pending →
     * processing → completed/failed); a completed request stays completed. In `tx` when given.
     */
    async setRequestStatus(
      requestId: string,
      status: "processing" | "completed" | "failed",
      tx?: Tx,
    ): Promise<void> {
      await (tx ?? db)
        .update(customProfessionRequests)
        .set({ status })
        .where(
          and(
            eq(customProfessionRequests.id, requestId),
            sql`${customProfessionRequests.status} NOT IN ('completed')`,
          ),
        );
    },

    async requestStatus(requestId: string): Promise<string | null> {
      const [row] = await db
        .select({ status: customProfessionRequests.status })
        .from(customProfessionRequests)
        .where(eq(customProfessionRequests.id, requestId));
      return row?.status ?? null;
    },

    /** Seed: one configuration per form variant when there is none, on an active profession style. */
    async seedDefaults(): Promise<void> {
      const existing = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM custom_profession_configs`,
      );
      if (Number(existing.rows[0]?.n ?? 0) > 0) return;
      const [base] = await db
        .select({ id: styles.id })
        .from(styles)
        .where(eq(styles.slug, "figure-programmer"));
      const [prof] = await db
        .select({ id: styles.id })
        .from(styles)
        .where(eq(styles.slug, "figure-dokter"));
      if (!base || !prof) return;
      await db.insert(customProfessionConfigs).values([
        {
          name: "Action Figure Kustom",
          description: "Jadikan dirimu action figure dengan judul dan aksesori pilihanmu.",
          formVariant: "action_figure",
          category: "profesi_collectibles",
          baseStyleId: base.id,
          promptTemplate:
            "a collectible action figure of {subject} titled “{title}”, in a toy blister box with {accessories}, {other_ideas}, studio toy photography",
        },
        {
          name: "Profesi Impian",
          description: "Action figure profesi impianmu, lengkap dengan seragam dan properti.",
          formVariant: "profession",
          category: "profesi_collectibles",
          baseStyleId: prof.id,
          promptTemplate:
            "a collectible action figure of {subject} as a {profession}, wearing {uniform_style}, in a toy blister box with {props}, studio toy photography",
        },
      ]);
    },
  };
}
export type CustomProfessionRepository = ReturnType<typeof createCustomProfessionRepository>;
