import type { Generation, GenerationHealth, StartGenerationRequest } from "@rupa/shared";
import type { PrivacyService } from "../privacy/privacy.service";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { startBatchRequestSchema, startGenerationRequestSchema } from "@rupa/shared";
import type { Actor } from "../../lib/actor";
import type { Transactor } from "../../infra/db/client";
import type { ProviderRegistry } from "../../infra/providers/registry";
import type { Queue } from "../../infra/queue/queue";
import { AppError, errors } from "../../lib/errors";
import type { CreditsService } from "../credits/credits.service";
import type { GuestsRepository } from "../guests/guests.repository";
import type { GuestsService } from "../guests/guests.service";
import type { ReferralsRepository } from "../referrals/referrals.repository";
import type { SettingsRepository } from "../settings/settings.repository";
import type { StylesRepository } from "../styles/styles.repository";
import { photoRefusal, type UploadsService } from "../uploads/uploads.service";
import type { BannedKeywordsRepository } from "../banned-keywords/banned-keywords.repository";
import { refuseBanned } from "../banned-keywords/banned-keywords.rules";
import {
  type GenerationRow,
  type JobEvents,
  type JobsRepository,
  pictureUrls,
  uploadNotReady,
} from "../jobs";
import { GENERATE_JOB } from "./generation.worker";
import type { GenerationsRepository } from "./generations.repository";
import {
  likenessOf,
  PAS_FOTO_BACKGROUNDS,
  PAS_FOTO_CATEGORY,
  type PasFotoBackground,
} from "@rupa/shared";
import { backgroundFor, buildPrompt, withBackground } from "./prompt";

export interface GenerationDeps {
  db: Transactor;
  /** The avatar kinds' job rows (the job kit's repository for AVATAR_JOB_KINDS). */
  jobs: Pick<JobsRepository, "insert" | "findById" | "position" | "positions">;
  generations: Pick<
    GenerationsRepository,
    "resultOf" | "medianSeconds" | "countQueued" | "listActiveFor"
  >;
  credits: CreditsService;
  guests: GuestsRepository;
  guestsService: GuestsService;
  styles: StylesRepository;
  uploads: UploadsService;
  /** Consent to process the photo, in force (docs/product/privacy.md): checked at each start. */
  consent?: Pick<PrivacyService, "requireConsent">;
  referrals: ReferralsRepository;
  settings: SettingsRepository;
  banned: Pick<BannedKeywordsRepository, "active">;
  providers: ProviderRegistry;
  queue: Pick<Queue, "send" | "check">;
  events: JobEvents;
}

/** What starting avatars asks for: one photo, 1-5 styles, the choices they share. */
type StartInput = Omit<z.output<typeof startGenerationRequestSchema>, "styleId"> & {
  styleIds: string[];
};

/** A custom action figure or profession: drawn from its configuration's template. */
interface CustomStart {
  promptTemplate: string;
  requestId: string;
  /** The texts the member typed, by the request's field names (checked for banned words). */
  fields?: Record<string, string | undefined>;
}

export const generationErrors = {
  styleNotFound: () => new AppError("style_not_found", 404, "This style is not available"),
  premium: () =>
    new AppError(
      "premium_required",
      403,
      "This style is for subscribers or users who invited 3 friends",
    ),
  noFace: () =>
    new AppError(
      "photo_no_face",
      422,
      "No face was found in this photo. Choose a photo where your face is clearly visible.",
    ),
  manyFaces: () =>
    new AppError(
      "photo_many_faces",
      422,
      "This photo shows more than one face. Choose a photo of just you.",
    ),
  badBackground: () =>
    new AppError("invalid_background", 400, "Choose a red, blue or white background"),
  trialUsed: () =>
    new AppError("guest_trial_used", 403, "The free try has been used. Sign up to keep creating."),
  pasFotoAlone: () =>
    new AppError(
      "pas_foto_not_in_set",
      400,
      "A Formal CV/CPNS pas foto is made on its own, with its background: take it out of the set.",
    ),
  batchMembersOnly: () =>
    new AppError(
      "batch_members_only",
      403,
      "Several styles at once are for members. Sign up to keep creating.",
    ),
  ipCap: () =>
    new AppError(
      "guest_ip_limit",
      429,
      "Too many free tries from this network today. Sign up to continue.",
    ),
};

/** Starting, following and describing generations (the durable job is in jobs/). */
export function createGenerationsService(d: GenerationDeps) {
  /** `known`: its place in line and the estimate, when a list read them for all its rows at once. */
  async function view(
    gen: GenerationRow,
    known?: { position: number | null; estimate: number | null },
  ): Promise<Generation> {
    const [position, estimate, result] = await Promise.all([
      known ? known.position : gen.status === "queued" ? d.jobs.position(gen) : null,
      known
        ? known.estimate
        : gen.status === "queued" || gen.status === "processing"
          ? d.generations.medianSeconds(gen.provider)
          : null,
      gen.status === "succeeded" ? d.generations.resultOf(gen.id) : Promise.resolve(null),
    ]);
    return {
      id: gen.id,
      status: gen.status as Generation["status"],
      styleId: gen.styleId,
      batchId: gen.batchId,
      position,
      progress: gen.progress,
      estimateSeconds: estimate,
      watermark: gen.watermark,
      redoing:
        Boolean(gen.likenessRedoAt) && (gen.status === "queued" || gen.status === "processing"),
      createdAt: gen.createdAt.toISOString(),
      startedAt: gen.startedAt?.toISOString() ?? null,
      finishedAt: gen.finishedAt?.toISOString() ?? null,
      result: result
        ? {
            id: result.id,
            ...pictureUrls(result),
            hasWatermark: result.hasWatermark,
            generationSeconds: result.generationTimeSeconds,
            likeness: likenessOf(result.likenessScore, result.likenessVerdict),
            // Only a Formal CV/CPNS generation records the background it was asked for.
            pasFoto: Boolean((gen.params as { background?: string | null }).background),
          }
        : null,
      error:
        gen.status === "failed"
          ? { code: gen.errorCode ?? "generation_failed", message: gen.errorMessage ?? "" }
          : null,
    };
  }

  async function premiumAllowed(userId: string): Promise<boolean> {
    if (await d.credits.hasActivePlan(userId)) return true;
    const every = await d.settings.getInt("referral_reward_every");
    return (await d.referrals.stats(userId)).completed >= every;
  }

  /**
   * Several generations described at once (a set just started, the active ones): their places in
   * line in one query and one estimate per provider, instead of both for each row.
   */
  async function viewAll(rows: GenerationRow[]): Promise<Generation[]> {
    const waiting = rows.filter((r) => r.status === "queued" || r.status === "processing");
    const queued = waiting.filter((r) => r.status === "queued");
    const providers = [...new Set(waiting.map((r) => r.provider))];
    const [positions, medians] = await Promise.all([
      queued.length > 0 ? d.jobs.positions(queued) : Promise.resolve([]),
      Promise.all(providers.map((p) => d.generations.medianSeconds(p))),
    ]);
    return Promise.all(
      rows.map((r) =>
        waiting.includes(r)
          ? view(r, {
              position: r.status === "queued" ? positions[queued.indexOf(r)]! : null,
              estimate: medians[providers.indexOf(r.provider)] ?? null,
            })
          : view(r),
      ),
    );
  }

  /**
   * Starts one avatar per style from one photo. Every check comes first, for every style; then
   * one transaction pays for all of them (each its own spend, so each is refunded alone, or the
   * guest's free try for their one style) and writes their jobs, or refuses with nothing
   * written. Two or more styles share a batch id: the gallery shows them as a set
   * (docs/product/generator.md).
   */
  async function startMany(
    actor: Actor,
    input: StartInput,
    ip: string,
    custom?: CustomStart,
  ): Promise<Generation[]> {
    if (!actor.userId && !actor.guestTrialId) {
      throw new AppError(
        "guest_session_required",
        401,
        "Open the generator again to start a guest session",
      );
    }
    // A guest's free try is one avatar.
    if (!actor.userId && input.styleIds.length > 1) throw generationErrors.batchMembersOnly();
    // Every read before the transaction, which holds only the spend (or trial) and the inserts:
    // on PGlite nothing else reaches the database while it is open. The styles' rows without
    // their usage count (a correlated count over style_events).
    const found = await Promise.all(input.styleIds.map((id) => d.styles.findActiveRow(id)));
    const styles = found.filter((s) => s !== null);
    if (styles.length !== found.length) throw generationErrors.styleNotFound();
    // A pas foto is made alone: a set carries no background choice (docs/product/generator.md).
    if (styles.length > 1 && styles.some((s) => s.category === PAS_FOTO_CATEGORY))
      throw generationErrors.pasFotoAlone();
    await d.consent?.requireConsent(actor);
    const upload = await d.uploads.owned(actor, input.uploadId);
    if (upload.status !== "completed" || !upload.croppedKey) throw uploadNotReady();
    // The free photo check, before anything is spent (a photo it could not check is allowed).
    const refusal = photoRefusal(upload);
    if (refusal === "no_face") throw generationErrors.noFace();
    if (refusal === "many_faces") throw generationErrors.manyFaces();
    if (styles.some((s) => s.isPremium) && !(actor.userId && (await premiumAllowed(actor.userId))))
      throw generationErrors.premium();
    const variables = input.variables ?? {};
    const asked = variables.background;
    if (asked !== undefined && !PAS_FOTO_BACKGROUNDS.includes(asked as PasFotoBackground))
      throw generationErrors.badBackground();
    // The words a member typed, named as their request names them (a custom figure's form
    // fields), else as the variables they are.
    if (custom?.fields) refuseBanned(await d.banned.active(), custom.fields);
    else refuseBanned(await d.banned.active(), variables, ["variables"]);

    const provider = await d.providers.forService("avatar_generation");
    const planned = styles.map((style) => {
      const background = backgroundFor(style, asked);
      // A custom action figure or profession is drawn from its configuration's template, with
      // the user's title, accessories or profession in it; a plain avatar from the style's.
      const written = buildPrompt(
        custom?.promptTemplate ?? style.promptTemplate,
        style.genderSpecificPrompts,
        input.gender,
        variables,
      );
      return {
        style,
        background,
        prompt: background ? withBackground(written, background) : written,
      };
    });
    const cap = actor.userId ? 0 : await d.settings.getInt("guest_ip_daily_cap");
    // A member pays what the avatar_credits_per_image setting says (the price every screen
    // shows) for each avatar; a guest's free try is the trial itself.
    const price = actor.userId ? await d.settings.getInt("avatar_credits_per_image") : 0;
    const batchId = styles.length > 1 ? randomUUID() : null;
    const gens = await d.db.transaction(async (tx) => {
      let paid: { spendId: string | null; watermarked: boolean }[];
      if (actor.userId) {
        paid = await d.credits.spendAll(
          actor.userId,
          planned.map(({ style }) => ({
            amount: price,
            reason: "avatar" as const,
            description: `Avatar: ${style.name}`,
          })),
          tx,
        );
      } else {
        const outcome = await d.guests.consume(
          tx,
          actor.guestTrialId!,
          d.guestsService.ipHash(ip),
          cap,
        );
        if (outcome === "used") throw generationErrors.trialUsed();
        if (outcome === "ip_cap") throw generationErrors.ipCap();
        paid = [{ spendId: null, watermarked: true }];
      }
      const rows: GenerationRow[] = [];
      for (const [i, { style, background, prompt }] of planned.entries()) {
        rows.push(
          await d.jobs.insert(tx, {
            kind: custom ? "custom_profession" : "avatar",
            customRequestId: custom?.requestId ?? null,
            status: "queued",
            userId: actor.userId,
            guestTrialId: actor.userId ? null : actor.guestTrialId,
            styleId: style.id,
            uploadId: upload.id,
            batchId,
            spendId: paid[i]!.spendId,
            provider: provider.name,
            modelName: provider.model,
            prompt,
            params: {
              gender: input.gender ?? null,
              aspectRatio: input.aspectRatio ?? "1:1",
              variables,
              background,
            },
            watermark: paid[i]!.watermarked,
          }),
        );
      }
      return rows;
    });
    // The job rows are the truth; if a send were lost, the sweeper sends it again.
    for (const gen of gens) {
      await d.queue.send(
        GENERATE_JOB,
        { generationId: gen.id },
        { id: gen.id, retryLimit: 3, retryDelay: 3, retryBackoff: true },
      );
    }
    return viewAll(gens);
  }

  return {
    view,

    /** One avatar: a set of one (`startMany`), with the custom figure's template when given. */
    async start(
      actor: Actor,
      input: z.output<typeof startGenerationRequestSchema>,
      ip: string,
      custom?: CustomStart,
    ): Promise<Generation> {
      const { styleId, ...rest } = input;
      return (await startMany(actor, { ...rest, styleIds: [styleId] }, ip, custom))[0]!;
    },

    /** One photo made into 1-5 styles at once (POST /api/generations/batch). */
    batch: (actor: Actor, input: z.output<typeof startBatchRequestSchema>, ip: string) =>
      startMany(actor, input, ip),

    async active(actor: Actor): Promise<Generation[]> {
      return viewAll(
        await d.generations.listActiveFor({
          userId: actor.userId,
          guestTrialId: actor.userId ? null : actor.guestTrialId,
        }),
      );
    },

    /** A generation the actor owns, or 404. */
    async owned(actor: Actor, id: string): Promise<GenerationRow> {
      const gen = await d.jobs.findById(id);
      const mine =
        gen &&
        ((actor.userId && gen.userId === actor.userId) ||
          (!actor.userId && actor.guestTrialId && gen.guestTrialId === actor.guestTrialId));
      if (!gen || !mine) throw errors.notFound("Generation not found");
      return gen;
    },

    /**
     * Whether generation is available now, for everyone; the queue's length and the provider,
     * its model and its error only for an admin (the count is not even read for anyone else).
     */
    async health(actor: Actor): Promise<GenerationHealth> {
      const provider = await d.providers.forService("avatar_generation");
      let queueOk = true;
      let providerOk = true;
      let detail: string | undefined;
      try {
        await d.queue.check();
      } catch {
        queueOk = false;
      }
      try {
        await provider.check();
      } catch (e) {
        providerOk = false;
        detail = e instanceof Error ? e.message : String(e);
      }
      const ok = queueOk && providerOk;
      if (!actor.isAdmin) return { ok };
      return {
        ok,
        queue: { ok: queueOk, waiting: await d.generations.countQueued() },
        provider: {
          name: provider.name,
          model: provider.model,
          ok: providerOk,
          ...(detail ? { detail } : {}),
        },
      };
    },
  };
}
export type GenerationsService = ReturnType<typeof createGenerationsService>;
export type { StartGenerationRequest };
