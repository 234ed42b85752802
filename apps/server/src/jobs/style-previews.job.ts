import type { JobDefinition } from "../infra/queue/queue";
import {
  STYLE_PREVIEWS_JOB,
  type StylePreviewsWorker,
} from "../modules/styles/style-previews.worker";

/** Queue adapter over the style previews worker (modules/styles/style-previews.worker.ts). */
export function stylePreviewsJob(worker: StylePreviewsWorker): JobDefinition<{ styleId: string }> {
  return {
    name: STYLE_PREVIEWS_JOB,
    retryLimit: 2,
    workers: 1,
    handler: async (jobs) => {
      for (const job of jobs) await worker.handle(job.data.styleId);
    },
  };
}
