/**
 * The job kit (issue 35): what every kind of durable paid job shares, avatars
 * (modules/generations) and Kanvas pictures (modules/kanvas) alike. Those modules import this
 * file only, never the kit's inner files.
 *
 * - the lifecycle (claim, heartbeat, retry with backoff, one end with its refund, the sweeper),
 * - the result store (a provider's picture into storage, finished and watermarked) and the two
 *   ends of a job (a picture delivered with the job's success; a failure with its refund),
 * - the error classification the lifecycle reads an attempt's failure with,
 * - the change events and the progress stream (SSE) a watcher follows a job by,
 * - what starting one shares (the rate limit, the photo-not-ready refusal),
 * - the job rows every kind writes (jobs.repository.ts, one instance per set of kinds).
 */
export { jobIdFor, type LifecycleRows, retryDelaySeconds } from "./job-lifecycle";
export { createResultStore, pictureUrls, type PictureKeys, type ResultStore } from "./result-store";
export { failJob } from "./job-delivery";
export { classifyJobError, type Failure, PermanentFailure } from "./job-errors";
export { createJobEvents, type JobEvents } from "./job-events";
export { followJob } from "./job-stream";
export { generationLimit, uploadNotReady } from "./job-start";
export { createJobWorkerKit, type JobWorkerDeps } from "./job-worker";
export { createJobsRepository, type GenerationRow, type JobsRepository } from "./jobs.repository";
