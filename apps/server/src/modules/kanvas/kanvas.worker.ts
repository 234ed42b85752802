import { type KanvasRequest, sizeFor } from "../../infra/providers/provider";
import type { PrivacyService } from "../privacy/privacy.service";
import type { ProviderRegistry } from "../../infra/providers/registry";
import { defineJob } from "../../infra/queue/queue";
import type { ObjectOwner } from "../../infra/storage/storage";
import {
  createJobWorkerKit,
  failJob,
  type GenerationRow,
  type JobWorkerDeps,
  PermanentFailure,
} from "../jobs";
import type { UploadsRepository } from "../uploads/uploads.repository";
import type { KanvasJobParams, KanvasRepository } from "./kanvas.repository";

/** The queue of Kanvas pictures; a job carries the picture's generation job id. */
export const KANVAS_JOB = defineJob<{ jobId: string }>("generate-kanvas");
/** Every minute: recovers stalled pictures and re-sends lost jobs. */
export const KANVAS_SWEEPER_JOB = defineJob("kanvas-sweeper");
/** Tries per picture before it fails for good and its credits go back. */
export const KANVAS_MAX_ATTEMPTS = 3;

const USER_MESSAGES: Record<string, string> = {
  provider_timeout: "The AI service took too long. The credits of this picture were returned.",
  provider_error: "The AI service could not make this picture. Its credits were returned.",
  photo_expired:
    "A reference image is no longer available (photos are deleted after 24 hours). Please upload it again.",
  cancelled: "Cancelled. The credits of this picture were returned.",
  internal_error: "Something went wrong on our side. The credits of this picture were returned.",
};

export function kanvasMessage(code: string): string {
  return USER_MESSAGES[code] ?? USER_MESSAGES.internal_error!;
}

/** The job kit's worker deps, and what a Kanvas attempt reads. */
export interface KanvasWorkerDeps extends JobWorkerDeps {
  kanvas: Pick<KanvasRepository, "findRun" | "insertImage">;
  uploads: Pick<UploadsRepository, "findByIds">;
  providers: Pick<ProviderRegistry, "forKanvas">;
  /** The processing log: each time the member's photos go to a provider (privacy.md). */
  privacy?: Pick<PrivacyService, "photoSent">;
}

/**
 * Kanvas pictures through the same durable lifecycle as avatars (the job kit, modules/jobs): one job per
 * picture, so each is retried, delivered or refunded on its own. Its attempt reads the run and
 * its reference images, asks the active `kanvas_generation` provider for one picture, stores
 * and finishes it like an avatar and writes the `kanvas_images` row with the job's success.
 */
export function createKanvasWorker(d: KanvasWorkerDeps) {
  const { clock, results, ends, lifecycle } = createJobWorkerKit(d);
  /** Watchers follow the run, not the picture. */
  const changed = (job: GenerationRow) => d.events.changed(job.kanvasRunId ?? job.id);

  async function attempt(job: GenerationRow, lost: AbortSignal): Promise<void> {
    const run = job.kanvasRunId ? await d.kanvas.findRun(job.kanvasRunId) : null;
    if (!run) throw new PermanentFailure("internal_error", "the job's Kanvas run is gone");
    const uploads = await d.uploads.findByIds(run.referenceUploadIds);
    const images: Blob[] = [];
    for (const id of run.referenceUploadIds) {
      const upload = uploads.find((u) => u.id === id);
      const key = upload?.originalKey ?? upload?.croppedKey;
      const blob = key ? await d.storage.blob("user-uploads", key) : null;
      if (!blob) throw new PermanentFailure("photo_expired", "a reference image is gone");
      images.push(blob);
    }
    const params = job.params as unknown as KanvasJobParams;
    const provider = await d.providers.forKanvas();
    if (images.length > 0)
      await d.privacy?.photoSent({ userId: run.userId, guestTrialId: null }, provider.name);
    const req: KanvasRequest = {
      mode: run.mode as KanvasRequest["mode"],
      prompt: run.prompt,
      negativePrompt: run.negativePrompt,
      aspectRatio: run.aspectRatio as KanvasRequest["aspectRatio"],
      seed: params.seed,
      images,
      signal: AbortSignal.any([clock.timeout(d.timeoutSeconds * 1000), lost]),
      providerJob: provider.resumable
        ? { previous: job.providerJobId, started: (id) => d.jobs.setProviderJob(job, id) }
        : undefined,
    };
    const owner: ObjectOwner = { kind: "user", id: run.userId };
    const { rawKey, seed } = await provider.generateKanvas(req).then(async (out) => ({
      rawKey: await results.keepRaw(owner, out.image),
      seed: out.seed,
    }));
    // A picture delivered: its image row is written with its job's success.
    await ends.deliver(job, rawKey, {
      label: "kanvas picture",
      owner,
      size: sizeFor(run.aspectRatio),
      changed: () => changed(job),
      write: (tx, keys) =>
        d.kanvas.insertImage(tx, job, run, { ...keys, seed, hasWatermark: job.watermark }),
    });
  }

  /** The end of one picture: failed with a reason, and its credits back, together. */
  function fail(job: GenerationRow, code: string): Promise<boolean> {
    return d.db.transaction((tx) => failJob(d, tx, job, code, kanvasMessage(code), job.attempts));
  }

  return lifecycle<{ jobId: string }>(
    {
      label: "kanvas picture",
      job: KANVAS_JOB,
      payload: (jobId) => ({ jobId }),
      rows: d.jobs,
      attempt,
      fail,
      changed,
    },
    KANVAS_MAX_ATTEMPTS,
  );
}
export type KanvasWorker = ReturnType<typeof createKanvasWorker>;
