import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { generationJobs, kanvasImages, kanvasRuns } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import type { PictureKeys } from "../jobs";
import {
  type GenerationRow,
  jobLifecycleRows,
  markSucceeded,
} from "../generations/generations.repository";

export type KanvasRunRow = typeof kanvasRuns.$inferSelect;
export type KanvasImageRow = typeof kanvasImages.$inferSelect;

/** What a Kanvas job keeps in its `params`: which picture of the run it makes. */
export interface KanvasJobParams {
  index: number;
  seed: number;
}

/**
 * Kanvas runs, their pictures' jobs (`generation_jobs` of kind `kanvas`, one per picture) and
 * the pictures made (`kanvas_images`). The jobs' claim, heartbeat and sweeps are the generation
 * lifecycle's, limited to this kind.
 */
export function createKanvasRepository(db: Database) {
  return {
    ...jobLifecycleRows(db, ["kanvas"]),

    async insertRun(tx: Tx, v: typeof kanvasRuns.$inferInsert): Promise<KanvasRunRow> {
      const [row] = await tx.insert(kanvasRuns).values(v).returning();
      return row!;
    },

    async findRun(id: string): Promise<KanvasRunRow | null> {
      const [row] = await db.select().from(kanvasRuns).where(eq(kanvasRuns.id, id));
      return row ?? null;
    },

    async latestRuns(userId: string, limit: number): Promise<KanvasRunRow[]> {
      return db
        .select()
        .from(kanvasRuns)
        .where(eq(kanvasRuns.userId, userId))
        .orderBy(desc(kanvasRuns.createdAt))
        .limit(limit);
    },

    /** The picture jobs of some runs, in picture order. */
    async jobsOf(runIds: string[]): Promise<GenerationRow[]> {
      if (runIds.length === 0) return [];
      return db
        .select()
        .from(generationJobs)
        .where(inArray(generationJobs.kanvasRunId, runIds))
        .orderBy(generationJobs.createdAt, sql`(${generationJobs.params}->>'index')::int`);
    },

    async imagesOf(runIds: string[]): Promise<KanvasImageRow[]> {
      if (runIds.length === 0) return [];
      return db.select().from(kanvasImages).where(inArray(kanvasImages.runId, runIds));
    },

    /**
     * A picture delivered: its job succeeds and its image row is written together, only by the
     * attempt holding the job. "lost": not this attempt's (cancelled, taken over, ended);
     * "duplicate": the picture exists already (kanvas_images.job_id is unique).
     */
    async complete(
      tx: Tx,
      job: GenerationRow,
      run: KanvasRunRow,
      r: PictureKeys & { seed: number; hasWatermark: boolean },
    ): Promise<"completed" | "duplicate" | "lost"> {
      if (!(await markSucceeded(tx, job))) return "lost";
      const inserted = await tx
        .insert(kanvasImages)
        .values({
          userId: run.userId,
          jobId: job.id,
          runId: run.id,
          imageKey: r.imageKey,
          displayKey: r.displayKey,
          thumbKey: r.thumbKey,
          width: r.width,
          height: r.height,
          prompt: run.prompt,
          mode: run.mode,
          aspectRatio: run.aspectRatio,
          seed: r.seed,
          provider: job.provider,
          hasWatermark: r.hasWatermark,
        })
        .onConflictDoNothing({ target: kanvasImages.jobId })
        .returning({ id: kanvasImages.id });
      return inserted.length ? "completed" : "duplicate";
    },

    /** Marks the run cancelled (once); false when it was already. */
    async markCancelled(tx: Tx, runId: string): Promise<boolean> {
      const rows = await tx
        .update(kanvasRuns)
        .set({ cancelledAt: sql`now()` })
        .where(and(eq(kanvasRuns.id, runId), isNull(kanvasRuns.cancelledAt)))
        .returning({ id: kanvasRuns.id });
      return rows.length > 0;
    },

    /** The run's pictures not made yet (queued or being made), locked for the cancel. */
    async unfinishedJobs(tx: Tx, runId: string): Promise<GenerationRow[]> {
      return tx
        .select()
        .from(generationJobs)
        .where(
          and(
            eq(generationJobs.kanvasRunId, runId),
            inArray(generationJobs.status, ["queued", "processing"]),
          ),
        )
        .for("update");
    },
  };
}
export type KanvasRepository = ReturnType<typeof createKanvasRepository>;
