import { randomInt } from "node:crypto";
import type { PrivacyService } from "../privacy/privacy.service";
import type { KanvasRun, startKanvasRequestSchema } from "@rupa/shared";
import type { z } from "zod";
import type { Transactor } from "../../infra/db/client";
import type { ProviderRegistry } from "../../infra/providers/registry";
import type { Queue } from "../../infra/queue/queue";
import type { Actor } from "../../lib/actor";
import { errors } from "../../lib/errors";
import type { BannedKeywordsRepository } from "../banned-keywords/banned-keywords.repository";
import { refuseBanned } from "../banned-keywords/banned-keywords.rules";
import type { CreditsService } from "../credits/credits.service";
import {
  failJob,
  type GenerationRow,
  type JobEvents,
  type JobsRepository,
  pictureUrls,
  uploadNotReady,
} from "../jobs";
import type { SettingsRepository } from "../settings/settings.repository";
import type { UploadsService } from "../uploads/uploads.service";
import type {
  KanvasImageRow,
  KanvasJobParams,
  KanvasRepository,
  KanvasRunRow,
} from "./kanvas.repository";
import { KANVAS_JOB, kanvasMessage } from "./kanvas.worker";

export interface KanvasDeps {
  db: Transactor;
  kanvas: KanvasRepository;
  /** The Kanvas kind's job rows (the job kit's repository for KANVAS_JOB_KINDS). */
  jobs: Pick<JobsRepository, "insert" | "markFailed" | "positions">;
  credits: Pick<CreditsService, "spend" | "refund">;
  uploads: Pick<UploadsService, "ownedAll">;
  /** Consent to process the photo, in force (docs/product/privacy.md): checked at each start. */
  consent?: Pick<PrivacyService, "requireConsent">;
  settings: Pick<SettingsRepository, "getInt">;
  banned: Pick<BannedKeywordsRepository, "active">;
  providers: Pick<ProviderRegistry, "forKanvas">;
  queue: Pick<Queue, "send">;
  events: Pick<JobEvents, "changed">;
}

/** Runs a member sees in their history. */
const HISTORY = 20;
/** Seeds stay within a 32-bit signed integer (what every provider accepts). */
const SEED_SPACE = 2_147_483_647;

/**
 * Kanvas (issue 15): a run is asked for once and made as one durable job per picture (the
 * generation lifecycle, kind `kanvas`), so a reload finds it on the server, each picture is paid
 * and refunded on its own, and a cancel gives back what was not made.
 */
export function createKanvasService(d: KanvasDeps) {
  function describe(
    run: KanvasRunRow,
    jobs: GenerationRow[],
    images: KanvasImageRow[],
    position: number | null,
  ): KanvasRun {
    const imageOf = new Map(images.map((i) => [i.jobId, i]));
    const ended = (j: GenerationRow) => j.status === "succeeded" || j.status === "failed";
    const status: KanvasRun["status"] = run.cancelledAt
      ? "cancelled"
      : jobs.length > 0 && jobs.every(ended)
        ? "done"
        : jobs.some((j) => j.status !== "queued")
          ? "processing"
          : "queued";
    const refundedPictures = jobs.filter((j) => j.status === "failed" && j.spendId).length;
    return {
      id: run.id,
      status,
      mode: run.mode as KanvasRun["mode"],
      prompt: run.prompt,
      negativePrompt: run.negativePrompt,
      aspectRatio: run.aspectRatio as KanvasRun["aspectRatio"],
      count: run.count,
      seed: run.seed,
      imageIds: run.referenceUploadIds,
      pricePerImage: run.pricePerImage,
      refunded: refundedPictures * run.pricePerImage,
      position,
      provider: run.provider,
      createdAt: run.createdAt.toISOString(),
      pictures: jobs.map((j) => {
        const image = imageOf.get(j.id);
        return {
          jobId: j.id,
          index: (j.params as unknown as KanvasJobParams).index,
          status: j.status as KanvasRun["pictures"][number]["status"],
          progress: j.progress,
          image: image
            ? {
                id: image.id,
                ...pictureUrls(image),
                hasWatermark: image.hasWatermark,
              }
            : null,
          error:
            j.status === "failed"
              ? { code: j.errorCode ?? "internal_error", message: kanvasMessage(j.errorCode ?? "") }
              : null,
        };
      }),
    };
  }

  async function views(runs: KanvasRunRow[]): Promise<KanvasRun[]> {
    const ids = runs.map((r) => r.id);
    const [jobs, images] = await Promise.all([d.kanvas.jobsOf(ids), d.kanvas.imagesOf(ids)]);
    const own = runs.map((run) => jobs.filter((j) => j.kanvasRunId === run.id));
    // The first waiting picture of each run still in line, all placed in one query.
    const waiting = runs.map((run, i) =>
      run.cancelledAt ? undefined : own[i]!.find((j) => j.status === "queued"),
    );
    const inLine = waiting.filter((j) => j !== undefined);
    const places = await d.jobs.positions(inLine);
    return runs.map((run, i) => {
      const w = waiting[i];
      return describe(
        run,
        own[i]!,
        images.filter((img) => img.runId === run.id),
        w ? places[inLine.indexOf(w)]! : null,
      );
    });
  }

  async function view(run: KanvasRunRow): Promise<KanvasRun> {
    return (await views([run]))[0]!;
  }

  /** A run the member owns, or 404 (someone else's run is not said to exist). */
  async function owned(actor: Actor, id: string): Promise<KanvasRunRow> {
    const run = await d.kanvas.findRun(id);
    if (!run || !actor.userId || run.userId !== actor.userId)
      throw errors.notFound("Kanvas run not found");
    return run;
  }

  function member(actor: Actor): string {
    if (!actor.userId) throw errors.unauthorized();
    return actor.userId;
  }

  return {
    view,
    owned,

    /**
     * Every check first (banned words, the reference images are the member's and ready); then,
     * in one transaction, the run, one spend and one job per picture: all of it or nothing.
     */
    async start(
      actor: Actor,
      input: z.output<typeof startKanvasRequestSchema>,
    ): Promise<KanvasRun> {
      const userId = member(actor);
      const negativePrompt = input.negativePrompt ?? "";
      refuseBanned(await d.banned.active(), { prompt: input.prompt, negativePrompt });
      if (input.imageIds.length > 0) await d.consent?.requireConsent(actor);
      const references = await d.uploads.ownedAll(actor, input.imageIds);
      if (references.some((u) => u.status !== "completed")) throw uploadNotReady();
      const provider = await d.providers.forKanvas();
      const price = await d.settings.getInt("kanvas_credits_per_image");
      const seed = input.seed ?? randomInt(0, SEED_SPACE);
      const { run, jobs } = await d.db.transaction(async (tx) => {
        const run = await d.kanvas.insertRun(tx, {
          userId,
          mode: input.mode,
          prompt: input.prompt,
          negativePrompt,
          aspectRatio: input.aspectRatio,
          count: input.count,
          seed,
          referenceUploadIds: input.imageIds,
          pricePerImage: price,
          provider: provider.name,
          modelName: provider.model,
        });
        const jobs: GenerationRow[] = [];
        for (let index = 0; index < input.count; index++) {
          const spend =
            price > 0
              ? await d.credits.spend(
                  userId,
                  price,
                  "kanvas",
                  `Kanvas ${index + 1}/${input.count}`,
                  tx,
                )
              : null;
          const params: KanvasJobParams = { index, seed: (seed + index) % SEED_SPACE };
          jobs.push(
            await d.jobs.insert(tx, {
              kind: "kanvas",
              status: "queued",
              userId,
              kanvasRunId: run.id,
              spendId: spend?.spendId ?? null,
              provider: provider.name,
              modelName: provider.model,
              prompt: input.prompt,
              params: { ...params },
              watermark: spend?.watermarked ?? false,
            }),
          );
        }
        return { run, jobs };
      });
      // The job rows are the truth; a lost send is sent again by the sweeper.
      for (const job of jobs)
        await d.queue.send(KANVAS_JOB, { jobId: job.id }, { id: job.id, retryLimit: 3 });
      return view(run);
    },

    async runs(actor: Actor): Promise<KanvasRun[]> {
      return views(await d.kanvas.latestRuns(member(actor), HISTORY));
    },

    /**
     * Stops a run: each picture not made yet fails as cancelled and its credits go back, in one
     * transaction. A picture being made right now loses its claim: its worker stops and writes
     * nothing. Pictures already made stay. Cancelling twice changes nothing.
     */
    async cancel(actor: Actor, id: string): Promise<KanvasRun> {
      const run = await owned(actor, id);
      await d.db.transaction(async (tx) => {
        if (!(await d.kanvas.markCancelled(tx, run.id))) return;
        for (const job of await d.kanvas.unfinishedJobs(tx, run.id)) {
          await failJob(d, tx, job, "cancelled", kanvasMessage("cancelled"));
        }
      });
      d.events.changed(run.id);
      return view((await d.kanvas.findRun(run.id))!);
    },
  };
}
export type KanvasService = ReturnType<typeof createKanvasService>;
