import { createHash } from "node:crypto";
import type { Database } from "../infra/db/client";
import { imagePostProcessor } from "../infra/images/post-process";
import { localLookOf } from "../infra/providers/local/local-look";
import {
  type GenerateRequest,
  type GenerateResult,
  ProviderError,
} from "../infra/providers/provider";
import type { ProviderRegistry } from "../infra/providers/registry";
import { defineJob, type JobDefinition, type QueueOps } from "../infra/queue/queue";
import { newObjectKey, type ObjectOwner, type Storage } from "../infra/storage/storage";
import type { Logger } from "../lib/logger";
import type { CreditsRepository } from "../modules/credits/credits.repository";
import type { GenerationEvents } from "../modules/generations/generation-events";
import type {
  GenerationRow,
  GenerationsRepository,
} from "../modules/generations/generations.repository";
import { GENERATE_JOB } from "../modules/generations/generations.service";
import { sizeFor } from "../modules/generations/prompt";
import type { GuestsRepository } from "../modules/guests/guests.repository";
import type { StylesRepository } from "../modules/styles/styles.repository";
import type { UploadsRepository } from "../modules/uploads/uploads.repository";

/** Tries per generation before it fails for good and the credit goes back. */
export const MAX_ATTEMPTS = 4;

export interface GenerateJobDeps {
  db: Database;
  generations: GenerationsRepository;
  uploads: UploadsRepository;
  styles: StylesRepository;
  credits: CreditsRepository;
  guests: GuestsRepository;
  storage: Storage;
  providers: ProviderRegistry;
  queue: Pick<QueueOps, "send" | "jobState" | "deleteJob">;
  events: GenerationEvents;
  log: Logger;
  timeoutSeconds: number;
  retryBaseSeconds: number;
  /** How often a running generation says it is alive (default: from the timeout, ≤ 10 s). */
  heartbeatSeconds?: number;
}

/**
 * A running generation refreshes its heartbeat this often: a fifteenth of the provider timeout,
 * between 2 and 10 seconds (10 s with the default 150 s timeout, so a worker silent for 30 s is
 * taken for dead).
 */
export function heartbeatSecondsFor(timeoutSeconds: number): number {
  return Math.min(10, Math.max(2, Math.round(timeoutSeconds / 15)));
}

/** The pg-boss job id of a generation's n-th try: deterministic, so a lost send can be found. */
export function jobIdFor(generationId: string, attempt: number): string {
  if (attempt === 0) return generationId;
  const h = createHash("sha256").update(`${generationId}:${attempt}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

class PermanentFailure extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const USER_MESSAGES: Record<string, string> = {
  provider_timeout: "The AI service took too long. Your credit was returned; please try again.",
  provider_error: "The AI service could not make this avatar. Your credit was returned.",
  photo_expired:
    "The photo is no longer available (photos are deleted after 24 hours). Please upload it again.",
  internal_error: "Something went wrong on our side. Your credit was returned.",
};

export function createGenerateWorker(d: GenerateJobDeps) {
  const heartbeatSeconds = d.heartbeatSeconds ?? heartbeatSecondsFor(d.timeoutSeconds);
  // Three missed heartbeats: its worker is dead (a live one is never taken over).
  const staleSeconds = heartbeatSeconds * 3;

  /** Final failure: the job fails with a readable reason and the credit or the trial goes back. */
  async function failForGood(gen: GenerationRow, code: string, detail: string): Promise<void> {
    const ended = await d.db.transaction(async (tx) => {
      const changed = await d.generations.markFailed(
        tx,
        gen.id,
        code,
        USER_MESSAGES[code] ?? USER_MESSAGES.internal_error!,
        gen.attempts,
      );
      if (!changed) return false;
      if (gen.spendId) await d.credits.refund(gen.spendId, tx);
      else if (gen.guestTrialId && !gen.userId) await d.guests.giveBack(gen.guestTrialId, tx);
      return true;
    });
    if (!ended) {
      d.log.info({ generation: gen.id }, "generation ended elsewhere; left as is");
      return;
    }
    d.log.warn(
      { generation: gen.id, code, detail: detail.slice(0, 300) },
      "generation failed; refunded",
    );
    d.events.changed(gen.id);
  }

  /** Another try later (backoff, or the provider's Retry-After), or the end. */
  async function retryOrFail(
    gen: GenerationRow,
    code: string,
    detail: string,
    retryAfter?: number,
  ): Promise<void> {
    if (gen.attempts >= MAX_ATTEMPTS) return failForGood(gen, code, detail);
    // Only the attempt that holds it sends it back (a succeeded one stays succeeded).
    if (!(await d.generations.requeue(gen, detail))) {
      d.log.info({ generation: gen.id }, "generation moved on elsewhere; not retried");
      return;
    }
    const delay = Math.round(
      Math.min(120, Math.max(retryAfter ?? 0, d.retryBaseSeconds * 2 ** (gen.attempts - 1))),
    );
    await d.queue.send(
      GENERATE_JOB,
      { generationId: gen.id },
      { id: jobIdFor(gen.id, gen.attempts), startAfter: delay },
    );
    d.log.info(
      { generation: gen.id, attempt: gen.attempts, delay, detail: detail.slice(0, 200) },
      "generation will be retried",
    );
    d.events.changed(gen.id);
  }

  /** The provider's output into storage; only its key stays (the bytes are not held after). */
  async function storeRaw(
    owner: ObjectOwner,
    out: GenerateResult,
  ): Promise<{ rawKey: string; seed: number }> {
    const rawKey = newObjectKey(owner, imagePostProcessor.rawExtension(out.image), "raw");
    await d.storage.put("generated-avatars", rawKey, out.image);
    return { rawKey, seed: out.seed };
  }

  async function run(gen: GenerationRow, lost: AbortSignal): Promise<void> {
    const started = performance.now();
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
    };
    const variables = params.variables ?? {};
    const look = localLookOf(style);
    if (variables.title) look.title = variables.title;
    if (variables.accessories) look.subtitle = variables.accessories;
    const mp = style.modelParameters;
    const seed =
      mp.use_fixed_seed && mp.fixed_seed
        ? mp.fixed_seed
        : Number.parseInt(gen.id.replace(/-/g, "").slice(0, 8), 16);
    const provider = await d.providers.forService("avatar_generation");
    const req: GenerateRequest = {
      image: photo,
      prompt: gen.prompt,
      negativePrompt: mp.negative_prompt ?? "",
      guidanceScale: mp.guidance_scale ?? 7.5,
      steps: mp.num_steps ?? 25,
      styleStrength: mp.style_strength ?? 0.7,
      seed,
      aspectRatio: params.aspectRatio ?? "1:1",
      look,
      signal: AbortSignal.any([AbortSignal.timeout(d.timeoutSeconds * 1000), lost]),
      // Work the provider started for an earlier attempt is resumed, not paid for again.
      providerJob: provider.resumable
        ? {
            previous: gen.providerJobId,
            started: (id) => d.generations.setProviderJob(gen, id),
          }
        : undefined,
    };
    const owner: ObjectOwner = gen.userId
      ? { kind: "user", id: gen.userId }
      : { kind: "guest", id: gen.guestTrialId! };
    // Copied into our storage at once, before anything else waits (provider links expire, and
    // 500 answers arriving together must not all sit in memory, e.g. queued behind the
    // database), then normalised and watermarked a few at a time.
    const { rawKey, seed: outSeed } = await storeRaw(owner, await provider.generate(req));
    await d.generations.setProgress(gen.id, 80);
    d.events.changed(gen.id);

    const size = sizeFor(params.aspectRatio);
    const imageKey = newObjectKey(owner, "jpg");
    const thumbKey = newObjectKey(owner, "webp", "thumb");
    await imagePostProcessor.exclusive(async () => {
      const raw = await d.storage.get("generated-avatars", rawKey);
      if (!raw) throw new Error("provider output vanished from storage");
      const { image, thumb } = await imagePostProcessor.finish(raw.body, {
        width: size.width,
        height: size.height,
        watermark: gen.watermark,
      });
      await d.storage.put("generated-avatars", imageKey, image);
      await d.storage.put("generated-avatars", thumbKey, thumb);
    });
    await d.storage.delete("generated-avatars", rawKey);

    const seconds =
      (gen.startedAt ? Date.now() - gen.startedAt.getTime() : performance.now() - started) / 1000;
    const { outcome } = await d.db.transaction((tx) =>
      d.generations.complete(tx, gen, {
        imageKey,
        thumbKey,
        seconds,
        hasWatermark: gen.watermark,
        gender: params.gender ?? null,
        seed: outSeed,
      }),
    );
    if (outcome !== "completed") {
      // Delivered already (a result exists), or no longer this attempt's to finish: either way
      // it ended once, elsewhere. Not a crash: no retry, no refund; only our copy goes.
      await d.storage.delete("generated-avatars", imageKey);
      await d.storage.delete("generated-avatars", thumbKey);
      d.log.info({ generation: gen.id, outcome }, "generation result not needed twice");
    }
    d.events.changed(gen.id);
  }

  /**
   * Generations whose worker went silent (no heartbeat for `staleAfterSeconds`, or, at start,
   * none since `silentSince`: this process's start) are tried again, or end with a refund.
   */
  async function recoverStale(
    opts: { staleAfterSeconds?: number; silentSince?: Date } = {},
  ): Promise<number> {
    let retried = 0;
    for (const gen of await d.generations.staleProcessing(
      opts.staleAfterSeconds ?? staleSeconds,
      opts.silentSince,
    )) {
      await retryOrFail(
        gen,
        "provider_timeout",
        "processing stopped (server restart or lost worker)",
      );
      retried += 1;
    }
    if (retried) d.log.warn({ retried }, "generation sweeper recovered stalled generations");
    return retried;
  }

  return {
    staleSeconds,
    recoverStale,
    heartbeatSeconds,
    failForGood,
    retryOrFail,

    async handle(generationId: string): Promise<void> {
      const gen = await d.generations.acquire(generationId, staleSeconds);
      if (!gen) return; // finished already, or another worker has it
      d.events.changed(gen.id);
      // Alive while it runs; a run that finds the generation is no longer its own stops.
      const lost = new AbortController();
      const beat = setInterval(() => {
        d.generations.heartbeat(gen).then(
          (mine) => {
            if (!mine) lost.abort(new Error("the generation is no longer this worker's"));
          },
          (err: unknown) => d.log.warn({ err, generation: gen.id }, "heartbeat failed"),
        );
      }, heartbeatSeconds * 1000);
      try {
        await run(gen, lost.signal);
      } catch (e) {
        if (lost.signal.aborted) return;
        if (e instanceof PermanentFailure) return failForGood(gen, e.code, e.message);
        if (e instanceof ProviderError) {
          const code = /timed out|cancelled/.test(e.message)
            ? "provider_timeout"
            : "provider_error";
          if (e.kind === "permanent") return failForGood(gen, code, e.message);
          return retryOrFail(gen, code, e.message, e.retryAfterSeconds);
        }
        d.log.error({ err: e, generation: gen.id }, "generation crashed");
        return retryOrFail(gen, "internal_error", e instanceof Error ? e.message : String(e));
      } finally {
        clearInterval(beat);
      }
    },

    /**
     * Recovers what a crash or a lost message left behind: processing that went stale is tried
     * again (or ends with a refund), and a queued generation whose job vanished is sent again.
     */
    async sweep(
      opts: { staleAfterSeconds?: number; silentSince?: Date } = {},
    ): Promise<{ retried: number; resent: number }> {
      const retried = await recoverStale(opts);
      let resent = 0;
      for (const gen of await d.generations.queuedOlderThan(60)) {
        const id = jobIdFor(gen.id, gen.attempts);
        const state = await d.queue.jobState(GENERATE_JOB, id);
        if (state === "created" || state === "retry" || state === "active") continue;
        if (state) await d.queue.deleteJob(GENERATE_JOB, id);
        await d.queue.send(GENERATE_JOB, { generationId: gen.id }, { id });
        resent += 1;
      }
      if (resent) d.log.warn({ resent }, "generation sweeper re-sent lost jobs");
      return { retried, resent };
    },
  };
}
export type GenerateWorker = ReturnType<typeof createGenerateWorker>;

export function generateAvatarJob(
  worker: GenerateWorker,
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

export const GENERATION_SWEEPER_JOB = defineJob("generation-sweeper");
export function generationSweeperJob(worker: GenerateWorker): JobDefinition {
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
