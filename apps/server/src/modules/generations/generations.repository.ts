import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  customProfessionRequests,
  generationJobs,
  results,
  styleEvents,
  users,
} from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";

export type GenerationRow = typeof generationJobs.$inferSelect;
export type ResultRow = typeof results.$inferSelect;

/** A custom action-figure request moves with its generation: pending → processing → completed/failed. */
async function setRequestStatus(
  q: Database | Tx,
  requestId: string,
  status: "processing" | "completed" | "failed",
) {
  await q
    .update(customProfessionRequests)
    .set({ status })
    .where(
      and(
        eq(customProfessionRequests.id, requestId),
        sql`${customProfessionRequests.status} NOT IN ('completed')`,
      ),
    );
}

export function createGenerationsRepository(db: Database) {
  return {
    async insert(tx: Tx, v: typeof generationJobs.$inferInsert): Promise<GenerationRow> {
      const [row] = await tx.insert(generationJobs).values(v).returning();
      return row!;
    },

    async findById(id: string): Promise<GenerationRow | null> {
      const [row] = await db.select().from(generationJobs).where(eq(generationJobs.id, id));
      return row ?? null;
    },

    async resultOf(generationId: string): Promise<ResultRow | null> {
      const [row] = await db.select().from(results).where(eq(results.jobId, generationId));
      return row ?? null;
    },

    /**
     * Claim a generation for processing: only one that is queued, or one whose processing went
     * stale (its worker died), so two workers never run the same generation.
     */
    async acquire(id: string, staleSeconds: number): Promise<GenerationRow | null> {
      const [row] = await db
        .update(generationJobs)
        .set({
          status: "processing",
          startedAt: sql`now()`,
          attempts: sql`${generationJobs.attempts} + 1`,
          progress: 10,
        })
        .where(
          and(
            eq(generationJobs.id, id),
            sql`(${generationJobs.status} = 'queued' OR (${generationJobs.status} = 'processing' AND ${generationJobs.startedAt} < now() - make_interval(secs => ${staleSeconds})))`,
          ),
        )
        .returning();
      if (row?.customRequestId) await setRequestStatus(db, row.customRequestId, "processing");
      return row ?? null;
    },

    async setProgress(id: string, progress: number): Promise<void> {
      await db
        .update(generationJobs)
        .set({ progress })
        .where(and(eq(generationJobs.id, id), eq(generationJobs.status, "processing")));
    },

    /** Back to the queue after a transient failure, keeping the reason for the record. */
    async requeue(id: string, message: string): Promise<void> {
      await db
        .update(generationJobs)
        .set({ status: "queued", progress: 0, errorMessage: message.slice(0, 500) })
        .where(eq(generationJobs.id, id));
    },

    async markFailed(tx: Tx, id: string, code: string, message: string): Promise<boolean> {
      const rows = await tx
        .update(generationJobs)
        .set({
          status: "failed",
          errorCode: code,
          errorMessage: message.slice(0, 500),
          finishedAt: sql`now()`,
        })
        .where(
          and(eq(generationJobs.id, id), inArray(generationJobs.status, ["queued", "processing"])),
        )
        .returning({ id: generationJobs.id, requestId: generationJobs.customRequestId });
      if (rows[0]?.requestId) await setRequestStatus(tx, rows[0].requestId, "failed");
      return rows.length > 0;
    },

    /** The result row, the job's success, the style event and the user's count, together. */
    async complete(
      tx: Tx,
      gen: GenerationRow,
      r: {
        imageKey: string;
        thumbKey: string;
        seconds: number;
        hasWatermark: boolean;
        gender: string | null;
        seed: number;
      },
    ): Promise<ResultRow> {
      const [result] = await tx
        .insert(results)
        .values({
          userId: gen.userId,
          guestTrialId: gen.guestTrialId,
          jobId: gen.id,
          styleId: gen.styleId,
          uploadId: gen.uploadId,
          imageKey: r.imageKey,
          thumbKey: r.thumbKey,
          generationTimeSeconds: Math.round(r.seconds * 10) / 10,
          hasWatermark: r.hasWatermark,
          gender: r.gender,
          seed: r.seed,
        })
        .returning();
      await tx
        .update(generationJobs)
        .set({
          status: "succeeded",
          progress: 100,
          finishedAt: sql`now()`,
          errorCode: null,
          errorMessage: null,
        })
        .where(eq(generationJobs.id, gen.id));
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
      if (gen.customRequestId) await setRequestStatus(tx, gen.customRequestId, "completed");
      return result!;
    },

    /** 1 = next in line. */
    async position(gen: GenerationRow): Promise<number> {
      const r = await db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM generation_jobs
        WHERE status = 'queued' AND created_at < ${gen.createdAt.toISOString()}::timestamptz`);
      return Number(r.rows[0]?.n ?? 0) + 1;
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

    async staleProcessing(staleSeconds: number): Promise<GenerationRow[]> {
      return db
        .select()
        .from(generationJobs)
        .where(
          sql`${generationJobs.status} = 'processing' AND ${generationJobs.startedAt} < now() - make_interval(secs => ${staleSeconds})`,
        );
    },

    async queuedOlderThan(seconds: number): Promise<GenerationRow[]> {
      return db
        .select()
        .from(generationJobs)
        .where(
          sql`${generationJobs.status} = 'queued' AND ${generationJobs.queuedAt} < now() - make_interval(secs => ${seconds})`,
        )
        .orderBy(generationJobs.createdAt)
        .limit(500);
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
          ),
        )
        .orderBy(desc(generationJobs.createdAt));
    },
  };
}
export type GenerationsRepository = ReturnType<typeof createGenerationsRepository>;
