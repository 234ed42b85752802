import { localLookOf } from "../../infra/providers/local/local-look";
import { type GenerateRequest, sizeFor } from "../../infra/providers/provider";
import type { ProviderRegistry } from "../../infra/providers/registry";
import { defineJob } from "../../infra/queue/queue";
import type { ObjectOwner } from "../../infra/storage/storage";
import type { CustomProfessionRepository } from "../custom-profession/custom-profession.repository";
import type { GuestsRepository } from "../guests/guests.repository";
import type { StylesRepository } from "../styles/styles.repository";
import type { ReferralsService } from "../referrals/referrals.service";
import type { UploadsRepository } from "../uploads/uploads.repository";
import { faceCheckOf } from "../uploads/uploads.service";
import { BACKGROUND_COLOURS } from "./prompt";
import type { PasFotoBackground } from "@rupa/shared";
import type { SettingsRepository } from "../settings/settings.repository";
import type { LikenessMeter } from "../../infra/images/likeness";
import type { Metrics } from "../../infra/metrics/metrics";
import { createLikenessJudge, type KeptLikeness, UNCHECKED } from "./likeness";
import { likenessScore } from "@rupa/shared";
import {
  createJobWorkerKit,
  failJob,
  type GenerationRow,
  type JobWorkerDeps,
  type JobsRepository,
  type LifecycleRows,
  PermanentFailure,
} from "../jobs";
import type { GenerationsRepository } from "./generations.repository";
import { privacyOwnerOf, type PrivacyService } from "../privacy/privacy.service";

/** The queue of avatar generations; a job carries the generation's id. */
export const GENERATE_JOB = defineJob<{ generationId: string }>("generate-avatar");
/** Every minute: recovers stalled generations and re-sends lost jobs. */
export const GENERATION_SWEEPER_JOB = defineJob("generation-sweeper");

/** Tries per generation before it fails for good and the credit goes back. */
export const MAX_ATTEMPTS = 4;

/** What an avatar generation was asked with (its row's `params`). */
const paramsOf = (gen: GenerationRow) =>
  gen.params as {
    aspectRatio?: string;
    gender?: string | null;
    variables?: Record<string, string>;
    background?: PasFotoBackground | null;
  };

/** Whose storage a generation's pictures go to: the member's, or the guest trial's. */
const ownerOf = (gen: GenerationRow): ObjectOwner =>
  gen.userId ? { kind: "user", id: gen.userId } : { kind: "guest", id: gen.guestTrialId! };

/** Garansi Mirip's redo asks for a new picture: another seed, derived from the first. */
export const redoSeedOf = (seed: number): number => (seed + 104_729) % 2 ** 31;

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
  /**
   * Garansi Mirip (ADR 038): faces described on the detector thread, and the threshold (read
   * through the settings cache: no query per generation).
   */
  likeness: LikenessMeter;
  settings: Pick<SettingsRepository, "get">;
  jobs: GenerationWorkerJobs;
  /** Counts each generation's end and likeness verdict (docs/production.md, Metrics). */
  metrics?: Pick<Metrics, "enabled" | "generationEnded" | "likenessVerdict">;
  /** The processing log: each time the person's photo goes to a provider (privacy.md). */
  privacy?: Pick<PrivacyService, "photoSent">;
}

/** The job rows an avatar attempt changes: the kit's, with Garansi Mirip's redo mark. */
type GenerationWorkerJobs = JobWorkerDeps["jobs"] &
  Pick<JobsRepository, "startLikenessRedo" | "findById">;

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
  const { clock, results, ends, lifecycle } = createJobWorkerKit(d);
  const likeness = createLikenessJudge(d);

  async function attempt(gen: GenerationRow, lost: AbortSignal): Promise<void> {
    const started = gen.startedAt?.getTime() ?? clock.now();
    const upload = gen.uploadId ? await d.uploads.findById(gen.uploadId) : null;
    // The stored face crop (≤ 1024 px, made at upload), as a file-backed Blob: read from disk
    // while the request body is sent, not held in memory while the provider works.
    const photo = upload?.croppedKey
      ? await d.storage.blob("user-uploads", upload.croppedKey)
      : null;
    if (!photo) throw new PermanentFailure("photo_expired", "the upload's photo is gone");
    const style = gen.styleId ? await d.styles.findById(gen.styleId) : null;
    if (!style) throw new PermanentFailure("provider_error", "the style no longer exists");

    const params = paramsOf(gen);
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
    const by = { provider: provider.name, model: provider.model };
    const person = privacyOwnerOf(gen);
    if (person) await d.privacy?.photoSent(person, provider.name);
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
    };
    const owner = ownerOf(gen);
    /**
     * One call of the provider, its picture stored raw at once (the bytes are not held after,
     * except for the likeness check's look at them). Work the provider started for an earlier
     * attempt of the same call (`previous`) is resumed, not paid for again.
     */
    const make = async (withSeed: number, previous: string | null) => {
      const out = await provider.generate({
        ...req,
        seed: withSeed,
        providerJob: provider.resumable
          ? { previous, started: (id) => d.jobs.setProviderJob(gen, id) }
          : undefined,
      });
      return { image: out.image, seed: out.seed, rawKey: await results.keepRaw(owner, out.image) };
    };

    // Garansi Mirip (ADR 038): an avatar of a style that keeps the face is measured against the
    // member's photo; custom figures and other kinds are not.
    const judge =
      gen.kind === "avatar" && style.likenessCheck
        ? await likeness.forPhoto(Buffer.from(await photo.arrayBuffer()), gen.id)
        : null;

    // A redo decided by an earlier attempt (a retry, or a restart) goes on from its first result.
    let first: { rawKey: string; seed: number; distance: number | null } | null =
      gen.likenessRedoAt && gen.likenessFirstKey
        ? { rawKey: gen.likenessFirstKey, seed, distance: gen.likenessFirstDistance }
        : null;
    if (!first) {
      const made = await make(seed, gen.providerJobId);
      const measured = judge ? await judge.measure(made.image) : null;
      if (!judge || !measured || judge.passes(measured))
        return deliver(gen, started, made, measured && judge ? judge.ok(measured) : UNCHECKED, by);
      // Below the bar: one redo, marked before it starts so that no retry or restart makes a
      // second; the first result waits in storage meanwhile.
      if (!(await d.jobs.startLikenessRedo(gen, made.rawKey, measured.distance))) {
        await results.dropRaw(made.rawKey);
        return;
      }
      d.log.info(
        { generation: gen.id, score: likenessScore(measured.distance) },
        "likeness below the bar: redoing once",
      );
      d.events.changed(gen.id);
      first = { rawKey: made.rawKey, seed: made.seed, distance: measured.distance };
    }
    const refundable = Boolean(gen.userId && gen.spendId);
    let redo: Awaited<ReturnType<typeof make>>;
    try {
      redo = await make(redoSeedOf(seed), gen.likenessRedoAt ? gen.providerJobId : null);
    } catch (e) {
      // The redo could not be made: the first result is kept, as a redo that missed.
      if (lost.aborted) throw e;
      d.log.warn({ generation: gen.id, err: e }, "likeness redo failed; keeping the first result");
      const ending = judge
        ? judge.afterRedo({ distance: first.distance }, { distance: null }, refundable).likeness
        : UNCHECKED;
      return deliver(gen, started, first, ending, by);
    }
    const redoMeasured = judge ? await judge.measure(redo.image) : { distance: null };
    // Without a judge now (the member's photo could not be read again): the redo is kept as is.
    const ending = judge
      ? judge.afterRedo({ distance: first.distance }, redoMeasured, refundable)
      : { keep: "redo" as const, likeness: UNCHECKED };
    const [kept, dropped] = ending.keep === "redo" ? [redo, first] : [first, redo];
    try {
      await deliver(gen, started, kept, ending.likeness, by);
    } finally {
      await results.dropRaw(dropped.rawKey);
    }
  }

  /**
   * A picture delivered (already stored raw): the result with its likeness, the custom request's
   * completion and, for a refunded likeness, the credit back (ledger reason `likeness_refund`),
   * in the transaction of the job's success; then the member's referral.
   */
  async function deliver(
    gen: GenerationRow,
    started: number,
    picture: { rawKey: string; seed: number },
    likeness: KeptLikeness,
    by: { provider: string; model: string },
  ): Promise<void> {
    const params = paramsOf(gen);
    const owner = ownerOf(gen);
    const outcome = await ends.deliver(gen, picture.rawKey, {
      label: "generation result",
      owner,
      size: sizeFor(params.aspectRatio),
      changed: () => d.events.changed(gen.id),
      // The result (its row, the style's event, the member's count) and the custom request's
      // completion, with the job's success.
      async write(tx, keys) {
        const seconds = (clock.now() - started) / 1000;
        const written = await d.generations.writeResult(tx, gen, {
          ...keys,
          seconds,
          hasWatermark: gen.watermark,
          gender: params.gender ?? null,
          seed: picture.seed,
          likeness,
        });
        if (written && gen.customRequestId)
          await d.requests.setRequestStatus(gen.customRequestId, "completed", tx);
        if (written && likeness.verdict === "refunded" && gen.spendId)
          await d.credits.refund(gen.spendId, tx, "likeness_refund");
        return written;
      },
    });
    if (outcome === "completed") {
      d.metrics?.generationEnded({
        ...by,
        outcome: "succeeded",
        seconds: (clock.now() - started) / 1000,
      });
      if (likeness.verdict !== "not_checked") d.metrics?.likenessVerdict(likeness.verdict);
    }
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
  async function fail(gen: GenerationRow, code: string): Promise<boolean> {
    const ended = await d.db.transaction(async (tx) => {
      const message = USER_MESSAGES[code] ?? USER_MESSAGES.internal_error!;
      if (!(await failJob(d, tx, gen, code, message, gen.attempts))) return false;
      if (gen.customRequestId) await d.requests.setRequestStatus(gen.customRequestId, "failed", tx);
      if (!gen.spendId && gen.guestTrialId && !gen.userId)
        await d.guests.giveBack(gen.guestTrialId, tx);
      return true;
    });
    // A first result that waited for its redo is nobody's now (read afresh: the row in hand may
    // be from before the redo was decided).
    const firstKey = ended ? (await d.jobs.findById(gen.id))?.likenessFirstKey : null;
    if (firstKey) await results.dropRaw(firstKey);
    if (ended && d.metrics?.enabled) await countFailure(gen);
    return ended;
  }

  /** A failed generation counted under the active provider (its attempts may not have reached one). */
  async function countFailure(gen: GenerationRow): Promise<void> {
    const provider = await d.providers.forService("avatar_generation").catch(() => null);
    d.metrics?.generationEnded({
      provider: provider?.name ?? "unknown",
      model: provider?.model ?? "unknown",
      outcome: "failed",
      seconds: (clock.now() - (gen.startedAt?.getTime() ?? clock.now())) / 1000,
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

  return lifecycle<{ generationId: string }>(
    {
      label: "generation",
      job: GENERATE_JOB,
      payload: (generationId) => ({ generationId }),
      rows,
      attempt,
      fail,
      changed: (row) => d.events.changed(row.id),
    },
    MAX_ATTEMPTS,
  );
}
export type GenerationWorker = ReturnType<typeof createGenerationWorker>;
