import type { JobDefinition, JobName } from "../infra/queue/queue";
import {
  GENERATE_JOB,
  GENERATION_SWEEPER_JOB,
  type GenerationWorker,
} from "../modules/generations/generation.worker";
import { KANVAS_JOB, KANVAS_SWEEPER_JOB, type KanvasWorker } from "../modules/kanvas/kanvas.worker";

/** What the queue needs of a durable job's lifecycle (modules/jobs/job-lifecycle.ts). */
interface Lifecycle {
  handle(id: string): Promise<void>;
  sweep(opts?: { queuedLimit?: number }): Promise<unknown>;
  heartbeatSeconds: number;
}

/**
 * Queue adapters over the durable workers (avatars, Kanvas pictures): the lifecycle, its retries
 * and its refunds live in their modules; here only how the queue runs them.
 */
function lifecycleJob<P extends object>(
  name: JobName<P>,
  idOf: (payload: P) => string,
  worker: Lifecycle,
  concurrency: number,
  timeoutSeconds: number,
): JobDefinition<P> {
  return {
    name,
    retryLimit: 2,
    retryDelaySeconds: 5,
    expireInSeconds: timeoutSeconds + 90,
    workers: concurrency,
    handler: async (jobs) => {
      for (const job of jobs) await worker.handle(idOf(job.data));
    },
  };
}

/** How many of the oldest queued rows each tick of a sweeper checks for a lost job. */
const TICK_QUEUED_ROWS = 20;

function sweeperJob(name: JobName<object>, worker: Lifecycle): JobDefinition {
  return {
    name,
    schedule: { cron: "* * * * *", timezone: "Asia/Jakarta" },
    retryLimit: 0,
    workers: 1,
    handler: async () => {
      await worker.sweep();
    },
    // A dead worker's job is picked up within seconds of its last heartbeat going stale (or, if
    // it died between taking a job and claiming the row, of the claim being overdue), not at the
    // next minute's cron. The tick looks only at the oldest queued rows (the job a worker takes
    // is the oldest due one); the cron's sweep looks at them all.
    tick: {
      seconds: worker.heartbeatSeconds,
      run: async () => {
        await worker.sweep({ queuedLimit: TICK_QUEUED_ROWS });
      },
    },
  };
}

export function generateAvatarJob(
  worker: GenerationWorker,
  concurrency: number,
  timeoutSeconds: number,
): JobDefinition<{ generationId: string }> {
  return lifecycleJob(GENERATE_JOB, (p) => p.generationId, worker, concurrency, timeoutSeconds);
}

export function generationSweeperJob(worker: GenerationWorker): JobDefinition {
  return sweeperJob(GENERATION_SWEEPER_JOB, worker);
}

export function generateKanvasJob(
  worker: KanvasWorker,
  concurrency: number,
  timeoutSeconds: number,
): JobDefinition<{ jobId: string }> {
  return lifecycleJob(KANVAS_JOB, (p) => p.jobId, worker, concurrency, timeoutSeconds);
}

export function kanvasSweeperJob(worker: KanvasWorker): JobDefinition {
  return sweeperJob(KANVAS_SWEEPER_JOB, worker);
}
