import { createHash } from "node:crypto";
import type { JobInfo, JobName, QueueOps } from "../../infra/queue/queue";
import type { Clock } from "../../lib/clock";
import type { Logger } from "../../lib/logger";
import { classifyJobError, type Failure } from "./job-errors";

/**
 * The durable life of one kind of paid job (ADR 007, ADR 014): a row of ours is the truth, a
 * queue job only wakes a worker. One attempt at a time holds the row (its `attempts` count is
 * the attempt's token), says it is alive with a heartbeat, retries transient failures with
 * backoff, and ends exactly once, refunding what was not delivered. A sweeper recovers rows a
 * dead worker left `processing` and re-sends jobs the queue lost.
 *
 * What differs between kinds (an avatar generation, a Kanvas request, …) is given as a
 * `LifecycleKind`: its rows, how to run one attempt, how to read an error, and how to end for
 * good with the refund. This file holds everything else, once.
 */

/** A row claimed by an attempt: `attempts` is the claim's token. */
export interface AttemptRow {
  id: string;
  attempts: number;
}

/**
 * The conditional state changes of a kind's rows, each applied only from the state it leaves
 * (and, where it says so, only by the attempt that holds the row).
 */
export interface LifecycleRows<R extends AttemptRow> {
  /** Claims a queued row, or a processing one silent for `staleSeconds`; null: not ours. */
  acquire(id: string, staleSeconds: number): Promise<R | null>;
  /** The attempt is alive; false when the row is no longer its own. */
  heartbeat(row: R): Promise<boolean>;
  /** Back to queued after a transient failure, by the holding attempt only. */
  requeue(row: R, detail: string): Promise<boolean>;
  /** Processing rows silent for `staleSeconds` (and, with `signBefore`, since that moment). */
  staleProcessing(staleSeconds: number, signBefore?: Date): Promise<R[]>;
  /** The oldest queued rows (up to `limit`) waiting for longer than `seconds` (their job may be lost). */
  queuedOlderThan(seconds: number, limit?: number): Promise<R[]>;
}

/** One kind of durable job: what the lifecycle needs to know about it. */
export interface LifecycleKind<R extends AttemptRow, P extends object> {
  /** Used in log fields and messages ("generation"). */
  label: string;
  /** The queue its jobs go to, and the payload of the job for row `id`. */
  job: JobName<P>;
  payload(id: string): P;
  rows: LifecycleRows<R>;
  /**
   * One attempt of a claimed row, to its end (success written by the attempt itself, only by
   * the holding attempt). `lost` aborts when the row is no longer this attempt's: stop, write
   * nothing. Throwing hands the error to `classify`.
   */
  attempt(row: R, lost: AbortSignal): Promise<void>;
  /**
   * Reads an attempt's error; null: unexpected (logged as a crash, retried as `crashCode`).
   * By default the job kit's `classifyJobError`.
   */
  classify?: (error: unknown) => Failure | null;
  /** By default "internal_error". */
  crashCode?: string;
  /** The code a row recovered from a dead worker is retried (or ended) with ("provider_timeout"). */
  staleCode?: string;
  /**
   * The end: marks the row failed and gives back what it did not deliver, in one transaction,
   * only from queued or when held by `row.attempts`. False: it ended elsewhere (no refund).
   */
  fail(row: R, code: string, detail: string): Promise<boolean>;
  /** Someone may be watching the row (SSE), or what it belongs to: it changed. */
  changed(row: R): void;
}

export interface LifecycleOptions {
  queue: Pick<QueueOps, "send" | "jobInfo" | "deleteJob">;
  log: Logger;
  clock: Clock;
  /** Tries per row before it fails for good and is refunded. */
  maxAttempts: number;
  /** First retry delay, doubling per try (capped at 120 s). */
  retryBaseSeconds: number;
  /** How often a running attempt says it is alive. */
  heartbeatSeconds: number;
}

/**
 * A running attempt refreshes its heartbeat this often: a fifteenth of the provider timeout,
 * between 2 and 10 seconds (10 s with the default 150 s timeout, so a worker silent for 30 s is
 * taken for dead).
 */
export function heartbeatSecondsFor(timeoutSeconds: number): number {
  return Math.min(10, Math.max(2, Math.round(timeoutSeconds / 15)));
}

/** The queue job id of a row's n-th try: deterministic, so a lost send can be found. */
export function jobIdFor(rowId: string, attempt: number): string {
  if (attempt === 0) return rowId;
  const h = createHash("sha256").update(`${rowId}:${attempt}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The delay before try `attempt + 1`: exponential backoff, at least Retry-After, ≤ 120 s. */
export function retryDelaySeconds(
  attempt: number,
  baseSeconds: number,
  retryAfterSeconds?: number,
): number {
  return Math.round(
    Math.min(120, Math.max(retryAfterSeconds ?? 0, baseSeconds * 2 ** (attempt - 1))),
  );
}

export function createJobLifecycle<R extends AttemptRow, P extends object>(
  kind: LifecycleKind<R, P>,
  o: LifecycleOptions,
) {
  const {
    label,
    rows,
    classify = classifyJobError,
    crashCode = "internal_error",
    staleCode = "provider_timeout",
  } = kind;
  const heartbeatSeconds = o.heartbeatSeconds;
  // Three missed heartbeats: its worker is dead (a live one is never taken over).
  const staleSeconds = heartbeatSeconds * 3;

  /** Final failure: the row fails with a readable reason and what was paid goes back. */
  async function failForGood(row: R, code: string, detail: string): Promise<void> {
    if (!(await kind.fail(row, code, detail))) {
      o.log.info({ [label]: row.id }, `${label} ended elsewhere; left as is`);
      return;
    }
    o.log.warn(
      { [label]: row.id, code, detail: detail.slice(0, 300) },
      `${label} failed; refunded`,
    );
    kind.changed(row);
  }

  /** Another try later (backoff, or the provider's Retry-After), or the end. */
  async function retryOrFail(
    row: R,
    code: string,
    detail: string,
    retryAfter?: number,
  ): Promise<void> {
    if (row.attempts >= o.maxAttempts) return failForGood(row, code, detail);
    // Only the attempt that holds it sends it back (a succeeded one stays succeeded).
    if (!(await rows.requeue(row, detail))) {
      o.log.info({ [label]: row.id }, `${label} moved on elsewhere; not retried`);
      return;
    }
    const delay = retryDelaySeconds(row.attempts, o.retryBaseSeconds, retryAfter);
    await o.queue.send(kind.job, kind.payload(row.id), {
      id: jobIdFor(row.id, row.attempts),
      startAfter: delay,
    });
    o.log.info(
      { [label]: row.id, attempt: row.attempts, delay, detail: detail.slice(0, 200) },
      `${label} will be retried`,
    );
    kind.changed(row);
  }

  /**
   * Rows whose worker went silent (no heartbeat for `staleAfterSeconds`, or, at start, none
   * since `silentSince`: this process's start) are tried again, or end with a refund.
   */
  async function recoverStale(
    opts: { staleAfterSeconds?: number; silentSince?: Date } = {},
  ): Promise<number> {
    let retried = 0;
    for (const row of await rows.staleProcessing(
      opts.staleAfterSeconds ?? staleSeconds,
      opts.silentSince,
    )) {
      await retryOrFail(row, staleCode, "processing stopped (server restart or lost worker)");
      retried += 1;
    }
    if (retried) o.log.warn({ retried }, `${label} sweeper recovered stalled ${label}s`);
    return retried;
  }

  /**
   * A queued row's job that will not run it: ended, or taken (`active`) for longer than a live
   * worker needs to claim the row (it claims it first thing), so its worker died in between. A
   * row cannot wait on such a job until the queue expires it (the attempt's whole timeout).
   * Sending again is safe: only one claim of a queued row succeeds.
   */
  function lostJob(job: JobInfo): boolean {
    if (job.state === "created" || job.state === "retry") return false;
    if (job.state !== "active") return true;
    return !job.startedAt || o.clock.now() - job.startedAt.getTime() > staleSeconds * 1000;
  }

  return {
    staleSeconds,
    heartbeatSeconds,
    recoverStale,
    failForGood,
    retryOrFail,

    /** Runs the job for row `id`: claim, heartbeat, one attempt, then retry or end. */
    async handle(id: string): Promise<void> {
      const row = await rows.acquire(id, staleSeconds);
      if (!row) return; // finished already, or another worker has it
      kind.changed(row);
      // Alive while it runs; a run that finds the row is no longer its own stops.
      const lost = new AbortController();
      const stopBeating = o.clock.every(heartbeatSeconds * 1000, () => {
        rows.heartbeat(row).then(
          (mine) => {
            if (!mine) lost.abort(new Error(`the ${label} is no longer this worker's`));
          },
          (err: unknown) => o.log.warn({ err, [label]: row.id }, "heartbeat failed"),
        );
      });
      try {
        await kind.attempt(row, lost.signal);
      } catch (e) {
        if (lost.signal.aborted) return;
        const failure = classify(e);
        if (!failure) {
          o.log.error({ err: e, [label]: row.id }, `${label} crashed`);
          return retryOrFail(row, crashCode, e instanceof Error ? e.message : String(e));
        }
        if (failure.permanent) return failForGood(row, failure.code, failure.detail);
        return retryOrFail(row, failure.code, failure.detail, failure.retryAfterSeconds);
      } finally {
        stopBeating();
      }
    },

    /**
     * Recovers what a crash or a lost message left behind: processing that went stale is tried
     * again (or ends with a refund), and a queued row whose job vanished, ended, or was taken by
     * a worker that died before claiming the row is sent again. `queuedLimit` bounds how many
     * of the oldest queued rows are looked at (the frequent tick looks at a few).
     */
    async sweep(
      opts: { staleAfterSeconds?: number; silentSince?: Date; queuedLimit?: number } = {},
    ): Promise<{ retried: number; resent: number }> {
      const retried = await recoverStale(opts);
      let resent = 0;
      for (const row of await rows.queuedOlderThan(staleSeconds, opts.queuedLimit)) {
        const id = jobIdFor(row.id, row.attempts);
        const job = await o.queue.jobInfo(kind.job, id);
        if (job && !lostJob(job)) continue;
        if (job) await o.queue.deleteJob(kind.job, id);
        await o.queue.send(kind.job, kind.payload(row.id), { id });
        resent += 1;
      }
      if (resent) o.log.warn({ resent }, `${label} sweeper re-sent lost jobs`);
      return { retried, resent };
    },
  };
}
export type JobLifecycle<R extends AttemptRow, P extends object> = ReturnType<
  typeof createJobLifecycle<R, P>
>;
