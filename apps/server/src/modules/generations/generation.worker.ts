import { localLookOf } from "../../infra/providers/local/local-look";
import { type GenerateRequest, sizeFor } from "../../infra/providers/provider";
import type { ProviderRegistry } from "../../infra/providers/registry";
import { defineJob } from "../../infra/queue/queue";
import type { ObjectOwner } from "../../infra/storage/storage";
import { systemClock } from "../../lib/clock";
import type { CustomProfessionRepository } from "../custom-profession/custom-profession.repository";
import type { GuestsRepository } from "../guests/guests.repository";
import type { StylesRepository } from "../styles/styles.repository";
import type { ReferralsService } from "../referrals/referrals.service";
import type { UploadsRepository } from "../uploads/uploads.repository";
import { faceCheckOf } from "../uploads/uploads.service";
import { BACKGROUND_COLOURS } from "./prompt";
import type { PasFotoBackground } from "@rupa/shared";
import {
  createJobEnds,
  createJobLifecycle,
  failJob,
  createResultStore,
  type GenerationRow,
  heartbeatSecondsFor,
  type JobWorkerDeps,
  type LifecycleRows,
  PermanentFailure,
} from "../jobs";
import type { GenerationsRepository } from "./generations.repository";

/** The queue of avatar generations; a job carries the generation's id. */
export const GENERATE_JOB = defineJob<{ generationId: string }>("generate-avatar");
/** Every minute: recovers stalled generations and re-sends lost jobs. */
export const GENERATION_SWEEPER_JOB = defineJob("generation-sweeper");

/** Tries per generation before it fails for good and the credit goes back. */
export const MAX_ATTEMPTS = 4;

/** The job kit's worker deps, and what an avatar attempt and its end read and write. */
export interface GenerationWorkerDeps extends JobWorkerDeps {
  /** Custom action-figure requests, whose status moves with their generation. */
  requests: Pick<CustomProfessionRepository, "setRequestStatus">;
  generations: Pick<GenerationsRepository, "writeResult">;
  uploads: Pick<UploadsRepository, "findById">;
  styles: Pick<StylesRepository, "findById">;
  guests: Pick<GuestsRepository, "giveBack">;
  providers: Pick<ProviderRegistry, "forService">;
  /** A member's avatar delivered: their referral completes if it is due (and pays if due). */
  referrals: Pick<ReferralsService, "onFirstAvatar">;
}

const USER_MESSAGES: Record<string, string> = {
  provider_timeout: "The AI service took too long. Your credit was returned; please try again.",
  provider_error: "The AI service could not make this avatar. Your credit was returned.",
  photo_expired:
    "The photo is no longer available (photos are deleted after 24 hours). Please upload it again.",
  internal_error: "Something went wrong on our side. Your credit was returned.",
};

/**
 * The avatar generation's worker: one instance of the job lifecycle (the job kit, modules/jobs) whose
 * attempt reads the photo and the style, calls the active provider, stores and post-processes
 * its output and completes the generation, and whose end refunds the credit or the guest trial.
 */
export function createGenerationWorker(d: GenerationWorkerDeps) {
  const clock = d.clock ?? systemClock;

  const results = createResultStore(d);
  const ends = createJobEnds({ ...d, results });

  async function attempt(gen: GenerationRow, lost: AbortSignal): Promise<void> {
    const started = clock.now();
    const upload = gen.uploadId ? await d.uploads.findById(gen.uploadId) : null;
    // The stored face crop (≤ 1024 px, made at upload), as a file-backed Blob: read from disk
    // while the request body is sent, not held in memory while the provider works.
    const photo = upload?.croppedKey
      ? await d.storage.blob("user-uploads", upload.croppedKey)
      : null;
    if (!photo) throw new PermanentFailure("photo_expired", "the upload's photo is gone");
    const style = gen.styleId ? await d.styles.findById(gen.styleId) : null;
    if (!style) throw new PermanentFailure("provider_error", "the style no longer exists");

    const params = gen.params as {
      aspectRatio?: string;
      gender?: string | null;
      variables?: Record<string, string>;
      background?: PasFotoBackground | null;
    };
    const variables = params.variables ?? {};
    const look = localLookOf(style);
    if (variables.title) look.title = variables.title;
    if (variables.accessories) look.subtitle = variables.accessories;
    // A Formal CV/CPNS photo's chosen plain background is the look's backdrop colour.
    if (params.background)
      look.palette = [BACKGROUND_COLOURS[params.background].hex, ...(look.palette ?? []).slice(1)];
    const mp = style.modelParameters;
    const seed =
      mp.use_fixed_seed && mp.fixed_seed
        ? mp.fixed_seed
        : Number.parseInt(gen.id.replace(/-/g, "").slice(0, 8), 16);
    const provider = await d.providers.forService("avatar_generation");
    const req: GenerateRequest = {
      image: photo,
      face: upload ? (faceCheckOf(upload)?.cropFace ?? null) : null,
      prompt: gen.prompt,
      negativePrompt: mp.negative_prompt ?? "",
      guidanceScale: mp.guidance_scale ?? 7.5,
      steps: mp.num_steps ?? 25,
      styleStrength: mp.style_strength ?? 0.7,
      seed,
      aspectRatio: params.aspectRatio ?? "1:1",
      look,
      signal: AbortSignal.any([clock.timeout(d.timeoutSeconds * 1000), lost]),
      // Work the provider started for an earlier attempt is resumed, not paid for again.
      providerJob: provider.resumable
        ? {
            previous: gen.providerJobId,
            started: (id) => d.jobs.setProviderJob(gen, id),
          }
        : undefined,
    };
    const owner: ObjectOwner = gen.userId
      ? { kind: "user", id: gen.userId }
      : { kind: "guest", id: gen.guestTrialId! };
    // Into our storage before anything else waits; the bytes are not held after.
    const { rawKey, seed: outSeed } = await provider.generate(req).then(async (out) => ({
      rawKey: await results.keepRaw(owner, out.image),
      seed: out.seed,
    }));
    const outcome = await ends.deliver(gen, rawKey, {
      label: "generation result",
      owner,
      size: sizeFor(params.aspectRatio),
      changed: () => d.events.changed(gen.id),
      // The result (its row, the style's event, the member's count) and the custom request's
      // completion, with the job's success.
      async write(tx, keys) {
        const seconds =
          (gen.startedAt ? clock.now() - gen.startedAt.getTime() : clock.now() - started) / 1000;
        const written = await d.generations.writeResult(tx, gen, {
          ...keys,
          seconds,
          hasWatermark: gen.watermark,
          gender: params.gender ?? null,
          seed: outSeed,
        });
        if (written && gen.customRequestId)
          await d.requests.setRequestStatus(gen.customRequestId, "completed", tx);
        return written;
      },
    });
    // After the commit (it opens its own transaction): the member's referral completes once
    // their e-mail is confirmed and an avatar of theirs exists. A failure here costs the
    // generation nothing; the admin's Process Rewards pays what was left unpaid.
    if (outcome === "completed" && gen.userId) {
      try {
        await d.referrals.onFirstAvatar(gen.userId);
      } catch (e) {
        d.log.warn({ generation: gen.id, err: e }, "referral completion after an avatar failed");
      }
    }
  }

  /**
   * The end: failed with a readable reason, the custom request with it, and the credit or the
   * trial back, together.
   */
  function fail(gen: GenerationRow, code: string): Promise<boolean> {
    return d.db.transaction(async (tx) => {
      const message = USER_MESSAGES[code] ?? USER_MESSAGES.internal_error!;
      if (!(await failJob(d, tx, gen, code, message, gen.attempts))) return false;
      if (gen.customRequestId) await d.requests.setRequestStatus(gen.customRequestId, "failed", tx);
      if (!gen.spendId && gen.guestTrialId && !gen.userId)
        await d.guests.giveBack(gen.guestTrialId, tx);
      return true;
    });
  }

  /** The lifecycle's rows; a custom request is processing once its generation is claimed. */
  const rows: LifecycleRows<GenerationRow> = {
    ...d.jobs,
    async acquire(id, staleSeconds) {
      const row = await d.jobs.acquire(id, staleSeconds);
      if (row?.customRequestId)
        await d.requests.setRequestStatus(row.customRequestId, "processing");
      return row;
    },
  };

  return createJobLifecycle<GenerationRow, { generationId: string }>(
    {
      label: "generation",
      job: GENERATE_JOB,
      payload: (generationId) => ({ generationId }),
      rows,
      attempt,
      fail,
      changed: (row) => d.events.changed(row.id),
    },
    {
      queue: d.queue,
      log: d.log,
      clock,
      maxAttempts: MAX_ATTEMPTS,
      retryBaseSeconds: d.retryBaseSeconds,
      heartbeatSeconds: d.heartbeatSeconds ?? heartbeatSecondsFor(d.timeoutSeconds),
    },
  );
}
export type GenerationWorker = ReturnType<typeof createGenerationWorker>;
