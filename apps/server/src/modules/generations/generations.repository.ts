import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  customProfessionRequests,
  generationJobs,
  results,
  styleEvents,
  users,
} from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import type { PictureKeys } from "../jobs";

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

/** The last sign of life of a processing generation: its heartbeat, else its claim. */
const lastSign = sql`coalesce(${generationJobs.heartbeatAt}, ${generationJobs.startedAt})`;

/** Held in `processing` by this attempt (the claim's token is the attempts count it set). */
const ownedBy = (gen: Pick<GenerationRow, "id" | "attempts">) =>
  and(
    eq(generationJobs.id, gen.id),
    eq(generationJobs.status, "processing"),
    eq(generationJobs.attempts, gen.attempts),
  );

/** A job's success, only by the attempt that holds it in `processing` (false: not its own). */
export async function markSucceeded(
  tx: Tx,
  job: Pick<GenerationRow, "id" | "attempts">,
): Promise<boolean> {
  const won = await tx
    .update(generationJobs)
    .set({
      status: "succeeded",
      progress: 100,
      finishedAt: sql`now()`,
      errorCode: null,
      errorMessage: null,
    })
    .where(ownedBy(job))
    .returning({ id: generationJobs.id });
  return won.length > 0;
}

/** The kinds the avatar worker runs (a custom action figure is an avatar with its own prompt). */
export const AVATAR_JOB_KINDS = ["avatar", "custom_profession"] as const;
type JobKind = (typeof generationJobs.$inferSelect)["kind"];

/**
 * The job lifecycle's row changes (job-lifecycle.ts `LifecycleRows`) over the rows of some
 * kinds: each worker claims, sweeps and re-sends only its own kinds of `generation_jobs`.
 */
export function jobLifecycleRows(db: Database, kinds: readonly JobKind[]) {
  const ofKinds = inArray(generationJobs.kind, [...kinds]);
  /** The place in line of each row (as `position`), for a whole list in one query. */
  async function positions(rows: Pick<GenerationRow, "createdAt">[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const times = sql.join(
      rows.map((g) => sql`${g.createdAt.toISOString()}::timestamptz`),
      sql`, `,
    );
    const r = await db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*)::int FROM generation_jobs
              WHERE status = 'queued' AND ${ofKinds} AND created_at < t.at) AS n
      FROM unnest(ARRAY[${times}]) WITH ORDINALITY AS t(at, i)
      ORDER BY t.i`);
    return r.rows.map((row) => Number(row.n) + 1);
  }
  return {
    /**
     * Claim a generation for processing: only one that is queued, or one whose worker went
     * silent (no heartbeat for `staleSeconds`: it died), so two workers never run the same
     * generation. The row's `attempts` after the claim is the attempt's token: every later
     * change by this attempt names it, so a run that lost its claim changes nothing.
     */
    async acquire(id: string, staleSeconds: number): Promise<GenerationRow | null> {
      const [row] = await db
        .update(generationJobs)
        .set({
          status: "processing",
          startedAt: sql`now()`,
          heartbeatAt: sql`now()`,
          attempts: sql`${generationJobs.attempts} + 1`,
          progress: 10,
        })
        .where(
          and(
            eq(generationJobs.id, id),
            ofKinds,
            sql`(${generationJobs.status} = 'queued' OR (${generationJobs.status} = 'processing' AND ${lastSign} < now() - make_interval(secs => ${staleSeconds})))`,
          ),
        )
        .returning();
      if (row?.customRequestId) await setRequestStatus(db, row.customRequestId, "processing");
      return row ?? null;
    },

    /** The running attempt is alive; false when the generation is no longer its own. */
    async heartbeat(gen: Pick<GenerationRow, "id" | "attempts">): Promise<boolean> {
      const rows = await db
        .update(generationJobs)
        .set({ heartbeatAt: sql`now()` })
        .where(ownedBy(gen))
        .returning({ id: generationJobs.id });
      return rows.length > 0;
    },

    /**
     * Back to the queue after a transient failure, keeping the reason for the record: only
     * from `processing` by the attempt that holds it (false: it is not ours to requeue).
     */
    async requeue(gen: Pick<GenerationRow, "id" | "attempts">, message: string): Promise<boolean> {
      const rows = await db
        .update(generationJobs)
        .set({ status: "queued", progress: 0, errorMessage: message.slice(0, 500) })
        .where(ownedBy(gen))
        .returning({ id: generationJobs.id });
      return rows.length > 0;
    },

    /**
     * Processing rows whose worker went silent: no heartbeat for `staleSeconds`, or (a start-up
     * sweep) none since `signBefore`, the moment this process started, so a generation its own
     * workers have just claimed is never taken for a dead one.
     */
    async staleProcessing(staleSeconds: number, signBefore?: Date): Promise<GenerationRow[]> {
      return db
        .select()
        .from(generationJobs)
        .where(
          and(
            ofKinds,
            sql`${generationJobs.status} = 'processing' AND ${lastSign} < now() - make_interval(secs => ${staleSeconds})`,
            signBefore ? sql`${lastSign} < ${signBefore.toISOString()}::timestamptz` : undefined,
          ),
        )
        .orderBy(generationJobs.createdAt)
        .limit(500);
    },

    async queuedOlderThan(seconds: number, limit = 500): Promise<GenerationRow[]> {
      return db
        .select()
        .from(generationJobs)
        .where(
          and(
            ofKinds,
            sql`${generationJobs.status} = 'queued' AND ${generationJobs.queuedAt} < now() - make_interval(secs => ${seconds})`,
          ),
        )
        .orderBy(generationJobs.createdAt)
        .limit(limit);
    },

    /** 1 = next in line among the waiting rows of these kinds. */
    async position(gen: Pick<GenerationRow, "createdAt">): Promise<number> {
      return (await positions([gen]))[0]!;
    },

    positions,
  };
}

export function createGenerationsRepository(db: Database) {
  return {
    ...jobLifecycleRows(db, AVATAR_JOB_KINDS),

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

    /** The provider's id for the work this attempt started, so a later attempt can resume it. */
    async setProviderJob(
      gen: Pick<GenerationRow, "id" | "attempts">,
      providerJobId: string | null,
    ): Promise<void> {
      await db.update(generationJobs).set({ providerJobId }).where(ownedBy(gen));
    },

    async setProgress(id: string, progress: number): Promise<void> {
      await db
        .update(generationJobs)
        .set({ progress })
        .where(and(eq(generationJobs.id, id), eq(generationJobs.status, "processing")));
    },

    /**
     * The end, from `queued` or `processing` only. With `attempt`, a processing row must be held
     * by that attempt (a run that lost its claim cannot fail the one that took over).
     */
    async markFailed(
      tx: Tx,
      id: string,
      code: string,
      message: string,
      attempt?: number,
    ): Promise<boolean> {
      const rows = await tx
        .update(generationJobs)
        .set({
          status: "failed",
          errorCode: code,
          errorMessage: message.slice(0, 500),
          finishedAt: sql`now()`,
        })
        .where(
          and(
            eq(generationJobs.id, id),
            attempt === undefined
              ? inArray(generationJobs.status, ["queued", "processing"])
              : sql`(${generationJobs.status} = 'queued' OR (${generationJobs.status} = 'processing' AND ${generationJobs.attempts} = ${attempt}))`,
          ),
        )
        .returning({ id: generationJobs.id, requestId: generationJobs.customRequestId });
      if (rows[0]?.requestId) await setRequestStatus(tx, rows[0].requestId, "failed");
      return rows.length > 0;
    },

    /**
     * The job's success, the result row, the style event and the user's count, together, and
     * only by the attempt that holds the generation in `processing`. "lost": it is not (another
     * attempt took over, or it ended already): nothing was written. "duplicate": a result for
     * this generation exists already (results.job_id is unique): it counts as delivered once.
     */
    async complete(
      tx: Tx,
      gen: GenerationRow,
      r: PictureKeys & {
        seconds: number;
        hasWatermark: boolean;
        gender: string | null;
        seed: number;
      },
    ): Promise<{ outcome: "completed" | "duplicate" | "lost"; result: ResultRow | null }> {
      if (!(await markSucceeded(tx, gen))) return { outcome: "lost", result: null };
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
          gender: r.gender,
          seed: r.seed,
        })
        .onConflictDoNothing({ target: results.jobId })
        .returning();
      if (!result) {
        const [existing] = await tx.select().from(results).where(eq(results.jobId, gen.id));
        return { outcome: "duplicate", result: existing ?? null };
      }
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
      return { outcome: "completed", result };
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
