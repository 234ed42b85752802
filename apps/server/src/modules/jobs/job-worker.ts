import type { Transactor } from "../../infra/db/client";
import type { ImagePostProcessor } from "../../infra/images/post-process";
import type { QueueOps } from "../../infra/queue/queue";
import type { Storage } from "../../infra/storage/storage";
import { type Clock, systemClock } from "../../lib/clock";
import type { Logger } from "../../lib/logger";
import type { CreditsService } from "../credits/credits.service";
import type { JobEvents } from "./job-events";
import { createJobEnds } from "./job-delivery";
import {
  createJobLifecycle,
  heartbeatSecondsFor,
  type LifecycleKind,
  type LifecycleOptions,
} from "./job-lifecycle";
import type { GenerationRow, JobsRepository } from "./jobs.repository";
import { createResultStore } from "./result-store";

/**
 * What every kind's worker is built from (an avatar's, a Kanvas picture's): its job rows, the
 * refund, the result store's storage and image finishing, the queue, the change events and the
 * lifecycle's timings. A kind's own deps extend it with what its attempt reads.
 */
export interface JobWorkerDeps {
  db: Transactor;
  /** The kind's job rows (the kit's repository for its set of kinds). */
  jobs: Pick<
    JobsRepository,
    | "acquire"
    | "heartbeat"
    | "requeue"
    | "staleProcessing"
    | "queuedOlderThan"
    | "markSucceeded"
    | "markFailed"
    | "setProgress"
    | "setProviderJob"
  >;
  credits: Pick<CreditsService, "refund">;
  storage: Pick<Storage, "put" | "get" | "blob" | "delete">;
  images: ImagePostProcessor;
  queue: Pick<QueueOps, "send" | "jobInfo" | "deleteJob">;
  events: Pick<JobEvents, "changed">;
  log: Logger;
  /** Real time unless a test drives it. */
  clock?: Clock;
  timeoutSeconds: number;
  retryBaseSeconds: number;
  /** How often a running attempt says it is alive (default: from the timeout, ≤ 10 s). */
  heartbeatSeconds?: number;
}

/**
 * The lifecycle's options of a kind's worker, from its deps: the heartbeat is the deps' own, or
 * the one its timeout calls for.
 */
function lifecycleOptionsOf(d: JobWorkerDeps, clock: Clock, maxAttempts: number): LifecycleOptions {
  return {
    queue: d.queue,
    log: d.log,
    clock,
    maxAttempts,
    retryBaseSeconds: d.retryBaseSeconds,
    heartbeatSeconds: d.heartbeatSeconds ?? heartbeatSecondsFor(d.timeoutSeconds),
  };
}

/**
 * What every kind's worker is made of, built from its deps: its clock (real time unless a test
 * drives it), the result store, the two ends of a job, and its lifecycle with the options the
 * deps give and the kind's number of tries.
 */
export function createJobWorkerKit(d: JobWorkerDeps) {
  const clock = d.clock ?? systemClock;
  const results = createResultStore(d);
  return {
    clock,
    results,
    ends: createJobEnds({ ...d, results }),
    lifecycle: <P extends object>(kind: LifecycleKind<GenerationRow, P>, maxAttempts: number) =>
      createJobLifecycle(kind, lifecycleOptionsOf(d, clock, maxAttempts)),
  };
}
