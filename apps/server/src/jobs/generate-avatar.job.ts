import type { JobDefinition } from "../infra/queue/queue";
import {
  GENERATE_JOB,
  GENERATION_SWEEPER_JOB,
  type GenerationWorker,
} from "../modules/generations/generation.worker";

/**
 * Queue adapters over the generation worker (modules/generations/generation.worker.ts): the
 * lifecycle, its retries and its refunds live there; here only how the queue runs them.
 */
export function generateAvatarJob(
  worker: GenerationWorker,
  concurrency: number,
  timeoutSeconds: number,
): JobDefinition<{ generationId: string }> {
  return {
    name: GENERATE_JOB,
    retryLimit: 2,
    retryDelaySeconds: 5,
    expireInSeconds: timeoutSeconds + 90,
    workers: concurrency,
    handler: async (jobs) => {
      for (const job of jobs) await worker.handle(job.data.generationId);
    },
  };
}

export function generationSweeperJob(worker: GenerationWorker): JobDefinition {
  return {
    name: GENERATION_SWEEPER_JOB,
    schedule: { cron: "* * * * *", timezone: "Asia/Jakarta" },
    retryLimit: 0,
    workers: 1,
    handler: async () => {
      await worker.sweep();
    },
    // A dead worker's generation is picked up within seconds of its last heartbeat going
    // stale, not at the next minute's cron.
    tick: {
      seconds: worker.heartbeatSeconds,
      run: async () => {
        await worker.recoverStale();
      },
    },
  };
}
