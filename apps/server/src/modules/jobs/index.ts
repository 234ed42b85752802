/**
 * The job kit (issue 35): what every kind of durable paid job shares, avatars
 * (modules/generations) and Kanvas pictures (modules/kanvas) alike. Those modules import this
 * file only, never the kit's inner files.
 *
 * - the lifecycle (claim, heartbeat, retry with backoff, one end with its refund, the sweeper),
 * - the result store (a provider's picture into storage, finished and watermarked),
 * - the error classification the lifecycle reads an attempt's failure with,
 * - the change events and the progress stream (SSE) a watcher follows a job by,
 * - what starting one shares (the rate limit, the photo-not-ready refusal),
 * - the job rows every kind writes (jobs.repository.ts, one instance per set of kinds).
 */
export {
  type AttemptRow,
  createJobLifecycle,
  type Failure,
  heartbeatSecondsFor,
  type JobLifecycle,
  jobIdFor,
  type LifecycleKind,
  type LifecycleOptions,
  type LifecycleRows,
  retryDelaySeconds,
} from "./job-lifecycle";
export { createResultStore, type PictureKeys, pictureUrls, type ResultStore } from "./result-store";
export { classifyJobError, PermanentFailure } from "./job-errors";
export { createJobEvents, type JobEvents } from "./job-events";
export { followJob, followSSE, RECONNECT_EVENT } from "./job-stream";
export { generationLimit, uploadNotReady } from "./job-start";
export {
  createJobsRepository,
  type GenerationRow,
  type JobKind,
  type JobRow,
  type JobsRepository,
} from "./jobs.repository";
