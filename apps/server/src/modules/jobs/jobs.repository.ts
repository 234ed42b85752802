import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { type GenerationJobRow, generationJobs } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";

/** A durable job's row in `generation_jobs` (an avatar generation, one Kanvas picture). */
export type GenerationRow = GenerationJobRow;
/** A job's kind (`generation_jobs.kind`): "avatar", "custom_profession", "kanvas". */
type JobKind = GenerationRow["kind"];

/** The last sign of life of a processing job: its heartbeat, else its claim. */
const lastSign = sql`coalesce(${generationJobs.heartbeatAt}, ${generationJobs.startedAt})`;

/** A moment more than `seconds` ago, by the database's clock. */
const olderThan = (at: SQLWrapper, seconds: number) =>
  sql`${at} < now() - make_interval(secs => ${seconds})`;

/** Held in `processing` by this attempt (the claim's token is the attempts count it set). */
const ownedBy = (job: Pick<GenerationRow, "id" | "attempts">) =>
  and(
    eq(generationJobs.id, job.id),
    eq(generationJobs.status, "processing"),
    eq(generationJobs.attempts, job.attempts),
  );

/**
 * The `generation_jobs` rows of some kinds, as every kind of durable job reads and writes them:
 * the job lifecycle's conditional state changes (job-lifecycle.ts `LifecycleRows`; each worker
 * claims, sweeps and re-sends only its own kinds), the place in line among them, and the writes
 * every kind makes (insert, success, failure, progress, the provider's job). The rules (when a
 * job ends, what is refunded, what else moves with it) are the workers' and services'; this only
 * reads and writes, in the transaction it is given where it takes one.
 */
export function createJobsRepository(db: Database, kinds: readonly JobKind[]) {
  const ofKinds = inArray(generationJobs.kind, [...kinds]);

  /** This instance's rows that match `where`, oldest first (at most `limit`). */
  const oldestWhere = (where: SQL | undefined, limit: number): Promise<GenerationRow[]> =>
    db
      .select()
      .from(generationJobs)
      .where(and(ofKinds, where))
      .orderBy(generationJobs.createdAt)
      .limit(limit);

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
     * Claim a job for processing: only one that is queued, or one whose worker went silent (no
     * heartbeat for `staleSeconds`: it died), so two workers never run the same job. The row's
     * `attempts` after the claim is the attempt's token: every later change by this attempt
     * names it, so a run that lost its claim changes nothing.
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
            sql`(${generationJobs.status} = 'queued' OR (${generationJobs.status} = 'processing' AND ${olderThan(lastSign, staleSeconds)}))`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The running attempt is alive; false when the job is no longer its own. */
    async heartbeat(job: Pick<GenerationRow, "id" | "attempts">): Promise<boolean> {
      const rows = await db
        .update(generationJobs)
        .set({ heartbeatAt: sql`now()` })
        .where(ownedBy(job))
        .returning({ id: generationJobs.id });
      return rows.length > 0;
    },

    /**
     * Back to the queue after a transient failure, keeping the reason for the record: only
     * from `processing` by the attempt that holds it (false: it is not ours to requeue).
     */
    async requeue(job: Pick<GenerationRow, "id" | "attempts">, message: string): Promise<boolean> {
      const rows = await db
        .update(generationJobs)
        .set({ status: "queued", progress: 0, errorMessage: message.slice(0, 500) })
        .where(ownedBy(job))
        .returning({ id: generationJobs.id });
      return rows.length > 0;
    },

    /**
     * Processing rows whose worker went silent: no heartbeat for `staleSeconds`, or (a start-up
     * sweep) none since `signBefore`, the moment this process started, so a job its own workers
     * have just claimed is never taken for a dead one.
     */
    async staleProcessing(staleSeconds: number, signBefore?: Date): Promise<GenerationRow[]> {
      return oldestWhere(
        and(
          sql`${generationJobs.status} = 'processing' AND ${olderThan(lastSign, staleSeconds)}`,
          signBefore ? sql`${lastSign} < ${signBefore.toISOString()}::timestamptz` : undefined,
        ),
        500,
      );
    },

    async queuedOlderThan(seconds: number, limit = 500): Promise<GenerationRow[]> {
      return oldestWhere(
        sql`${generationJobs.status} = 'queued' AND ${olderThan(generationJobs.queuedAt, seconds)}`,
        limit,
      );
    },

    /** 1 = next in line among the waiting rows of these kinds. */
    async position(job: Pick<GenerationRow, "createdAt">): Promise<number> {
      return (await positions([job]))[0]!;
    },

    positions,

    async insert(tx: Tx, v: typeof generationJobs.$inferInsert): Promise<GenerationRow> {
      const [row] = await tx.insert(generationJobs).values(v).returning();
      return row!;
    },

    /** A job by id, whatever its kind. */
    /** A row of this instance's kinds by id (another kind's row is not found here). */
    async findById(id: string): Promise<GenerationRow | null> {
      const [row] = await db
        .select()
        .from(generationJobs)
        .where(and(eq(generationJobs.id, id), ofKinds));
      return row ?? null;
    },

    /**
     * Garansi Mirip's one redo (ADR 038), decided by the attempt holding the job: the first
     * result's raw picture and its distance (null: no face) are kept, and the provider's job id
     * cleared (the redo is new work). Only once per job (false: decided before, or not this
     * attempt's job).
     */
    async startLikenessRedo(
      job: Pick<GenerationRow, "id" | "attempts">,
      firstKey: string,
      firstDistance: number | null,
    ): Promise<boolean> {
      const rows = await db
        .update(generationJobs)
        .set({
          likenessRedoAt: sql`now()`,
          likenessFirstKey: firstKey,
          likenessFirstDistance: firstDistance,
          providerJobId: null,
        })
        .where(and(ownedBy(job), isNull(generationJobs.likenessRedoAt)))
        .returning({ id: generationJobs.id });
      return rows.length > 0;
    },

    /** The provider's id for the work this attempt started, so a later attempt can resume it. */
    async setProviderJob(
      job: Pick<GenerationRow, "id" | "attempts">,
      providerJobId: string | null,
    ): Promise<void> {
      await db.update(generationJobs).set({ providerJobId }).where(ownedBy(job));
    },

    async setProgress(id: string, progress: number): Promise<void> {
      await db
        .update(generationJobs)
        .set({ progress })
        .where(and(eq(generationJobs.id, id), eq(generationJobs.status, "processing")));
    },

    /** A job's success, only by the attempt that holds it in `processing` (false: not its own). */
    async markSucceeded(tx: Tx, job: Pick<GenerationRow, "id" | "attempts">): Promise<boolean> {
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
        .returning({ id: generationJobs.id });
      return rows.length > 0;
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
