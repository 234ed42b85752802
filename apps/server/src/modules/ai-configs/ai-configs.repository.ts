import { and, asc, eq } from "drizzle-orm";
import type { AiService } from "@rupa/shared";
import { aiModelConfigs } from "../../db/schema";
import type { Database } from "../../infra/db/client";

export type AiConfigRow = typeof aiModelConfigs.$inferSelect;

export function createAiConfigsRepository(db: Database) {
  return {
    async activeFor(service: AiService): Promise<AiConfigRow | null> {
      const [row] = await db
        .select()
        .from(aiModelConfigs)
        .where(and(eq(aiModelConfigs.serviceName, service), eq(aiModelConfigs.isActive, true)));
      return row ?? null;
    },
    async all(): Promise<AiConfigRow[]> {
      return db.select().from(aiModelConfigs).orderBy(asc(aiModelConfigs.serviceName));
    },
    async activate(
      service: AiService,
      values: Omit<typeof aiModelConfigs.$inferInsert, "serviceName" | "isActive">,
    ) {
      return db.transaction(async (tx) => {
        await tx
          .update(aiModelConfigs)
          .set({ isActive: false })
          .where(eq(aiModelConfigs.serviceName, service));
        const [row] = await tx
          .insert(aiModelConfigs)
          .values({ ...values, serviceName: service, isActive: true })
          .returning();
        return row!;
      });
    },
  };
}
export type AiConfigsRepository = ReturnType<typeof createAiConfigsRepository>;
