import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  type GenerationJobRow,
  generationJobs,
  results,
  styleEvents,
  users,
} from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import type { LikenessVerdict } from "@rupa/shared";
import type { PictureKeys } from "../jobs/result-store";

export type ResultRow = typeof results.$inferSelect;

/** The kinds the avatar worker runs (a custom action figure is an avatar with its own prompt). */
export const AVATAR_JOB_KINDS = ["avatar", "custom_profession"] as const;

/** A delivered avatar's stored picture and what the result row keeps of its making. */
export interface AvatarResult extends PictureKeys {
  seconds: number;
  hasWatermark: boolean;
  gender: string | null;
  seed: number;
  /** Garansi Mirip (ADR 038): the score, verdict and threshold kept with the result. */
  likeness: { score: number | null; verdict: LikenessVerdict; threshold: number | null };
}

/**
 * What only avatars keep: their results, the style's "generated" event and the member's count,
 * and the reads of avatar jobs (the queue's length, a provider's median time, a member's active
 * ones). The job rows themselves are the job kit's (modules/jobs, jobs.repository.ts).
 */
export function createGenerationsRepository(db: Database) {
  return {
    async resultOf(generationId: string): Promise<ResultRow | null> {
      const [row] = await db.select().from(results).where(eq(results.jobId, generationId));
      return row ?? null;
    },

    /**
     * A delivered avatar's result row, the style's "generated" event and the member's count,
     * together in the caller's transaction (after the job's success). False, with nothing written:
     * a result for this generation exists already (results.job_id is unique).
     */
    async writeResult(
      tx: Tx,
      gen: Pick<GenerationJobRow, "id" | "userId" | "guestTrialId" | "styleId" | "uploadId">,
      r: AvatarResult,
    ): Promise<boolean> {
      const [result] = await tx
        .insert(results)
        .values({
          userId: gen.userId,
          guestTrialId: gen.guestTrialId,
          jobId: gen.id,
          styleId: gen.styleId,
          uploadId: gen.uploadId,
          imageKey: r.imageKey,
          displayKey: r.displayKey,
          thumbKey: r.thumbKey,
          width: r.width,
          height: r.height,
          generationTimeSeconds: Math.round(r.seconds * 10) / 10,
          hasWatermark: r.hasWatermark,
          masterKey: r.masterKey,
          gender: r.gender,
          seed: r.seed,
          likenessScore: r.likeness.score,
          likenessVerdict: r.likeness.verdict,
          likenessThreshold: r.likeness.threshold,
        })
        .onConflictDoNothing({ target: results.jobId })
        .returning({ id: results.id });
      if (!result) return false;
      if (gen.styleId) {
        await tx.insert(styleEvents).values({
          styleId: gen.styleId,
          userId: gen.userId,
          eventType: "generated",
          metadata: { generationId: gen.id, guest: gen.userId === null },
        });
      }
      if (gen.userId) {
        await tx
          .update(users)
          .set({ totalGenerations: sql`${users.totalGenerations} + 1` })
          .where(eq(users.id, gen.userId));
      }
      return true;
    },

    /** Median seconds of the provider's last 20 successes, or null before any. */
    async medianSeconds(provider: string): Promise<number | null> {
      const r = await db.execute<{ m: number | null }>(sql`
        SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY secs) AS m FROM (
          SELECT extract(epoch FROM finished_at - started_at) AS secs FROM generation_jobs
          WHERE provider = ${provider} AND status = 'succeeded' AND finished_at IS NOT NULL
          ORDER BY finished_at DESC LIMIT 20) recent`);
      const m = r.rows[0]?.m;
      return m === null || m === undefined ? null : Math.round(Number(m) * 10) / 10;
    },

    async countQueued(): Promise<number> {
      const r = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM generation_jobs WHERE status = 'queued'`,
      );
      return Number(r.rows[0]?.n ?? 0);
    },

    async listActiveFor(owner: { userId: string | null; guestTrialId: string | null }) {
      return db
        .select()
        .from(generationJobs)
        .where(
          and(
            owner.userId
              ? eq(generationJobs.userId, owner.userId)
              : eq(generationJobs.guestTrialId, owner.guestTrialId!),
            inArray(generationJobs.status, ["queued", "processing"]),
            inArray(generationJobs.kind, [...AVATAR_JOB_KINDS]),
          ),
        )
        .orderBy(desc(generationJobs.createdAt));
    },
  };
}
export type GenerationsRepository = ReturnType<typeof createGenerationsRepository>;
