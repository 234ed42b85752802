import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { type GenerationJobRow, generationJobs, kanvasImages, kanvasRuns } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import type { PictureKeys } from "../jobs/result-store";

export type KanvasRunRow = typeof kanvasRuns.$inferSelect;
export type KanvasImageRow = typeof kanvasImages.$inferSelect;

/** The kind of a Kanvas picture's job (the job kit's repository for these kinds runs them). */
export const KANVAS_JOB_KINDS = ["kanvas"] as const;

/** A finished Kanvas picture's stored renditions, and what its image row keeps of its making. */
export interface KanvasPicture extends PictureKeys {
  seed: number;
  hasWatermark: boolean;
}

/** What a Kanvas job keeps in its `params`: which picture of the run it makes. */
export interface KanvasJobParams {
  index: number;
  seed: number;
}

/** A delivered picture's image row: what it keeps of its job, its run and its making. */
export function kanvasImageOf(
  job: Pick<GenerationJobRow, "id" | "provider">,
  run: KanvasRunRow,
  r: KanvasPicture,
): Omit<KanvasImageRow, "id" | "createdAt"> {
  return {
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
    masterKey: r.masterKey,
    watermarkSpendId: null,
  };
}

/**
 * Kanvas runs, the reads of their pictures' jobs (`generation_jobs` of kind `kanvas`, one per
 * picture) and the pictures made (`kanvas_images`). The jobs' own writes (claim, heartbeat,
 * success, failure, sweeps) are the job kit's (modules/jobs, jobs.repository.ts).
 */
export function createKanvasRepository(db: Database) {
  return {
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
    async jobsOf(runIds: string[]): Promise<GenerationJobRow[]> {
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
     * A delivered picture's image row, in the caller's transaction (after its job's success).
     * False, with nothing written: the picture exists already (kanvas_images.job_id is unique).
     */
    async insertImage(
      tx: Tx,
      job: Pick<GenerationJobRow, "id" | "provider">,
      run: KanvasRunRow,
      r: KanvasPicture,
    ): Promise<boolean> {
      const inserted = await tx
        .insert(kanvasImages)
        .values(kanvasImageOf(job, run, r))
        .onConflictDoNothing({ target: kanvasImages.jobId })
        .returning({ id: kanvasImages.id });
      return inserted.length > 0;
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
    async unfinishedJobs(tx: Tx, runId: string): Promise<GenerationJobRow[]> {
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
