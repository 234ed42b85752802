import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type AvatarProvider,
  type GenerateRequest,
  ProviderError,
} from "../../infra/providers/provider";
import {
  createGenerationWorker,
  GENERATE_JOB,
  type GenerationWorkerDeps,
  MAX_ATTEMPTS,
} from "./generation.worker";
import {
  fakeClock,
  fakeCustomRequests,
  fakeImages,
  fakeJobEvents,
  fakeJobs,
  fakeLikeness,
  fakeLog,
  fakeSettings,
  faceAt,
  fakeQueue,
  fakeStorage,
  settle,
} from "../../../test/fakes";
import type { Tx } from "../../infra/db/client";
import { type GenerationRow, jobIdFor } from "../jobs";
import type { AvatarResult } from "./generations.repository";

/**
 * The generation lifecycle against the fakes kit (no database, no images, no timers): the jobs
 * fake (test/fakes/jobs.ts) applies the same conditional state changes as the job kit's
 * jobs.repository.ts, the clock is driven by hand. The same paths run against real databases in
 * jobs/generate-avatar.int.test.ts and the kill -9 chaos test.
 */

const TIMEOUT_S = 150;
const HEARTBEAT_S = 10;
const RETRY_BASE_S = 2;

type ProviderStep = (req: GenerateRequest) => Promise<{ image: Buffer; seed: number }>;

function world(opts: { guest?: boolean; watermark?: boolean; likenessCheck?: boolean } = {}) {
  const time = fakeClock();
  const results = new Map<string, AvatarResult>();
  const storage = fakeStorage();
  const objects = storage.objects;
  const refunds: string[] = [];
  const refundSources: string[] = [];
  const trialsBack: string[] = [];
  const queue = fakeQueue();
  const { sent, jobs, deleted } = queue;
  const referralChecks: string[] = [];
  const events = fakeJobEvents();
  const changed = events.told;
  const log = fakeLog();
  const logs = log.lines;
  const providerCalls: GenerateRequest[] = [];
  const images = fakeImages();
  const likeness = fakeLikeness();
  const finishes = images.finishes;
  let steps: ProviderStep[] = [];

  // The job rows as jobs.repository.ts changes them; the avatar's own write is the result.
  const jobRows = fakeJobs({ now: () => time.now });
  const requests = fakeCustomRequests();
  const rows = jobRows.rows;
  const generations: GenerationWorkerDeps["generations"] = {
    writeResult(_tx, g, res) {
      if (results.has(g.id)) return Promise.resolve(false);
      results.set(g.id, res);
      return Promise.resolve(true);
    },
  };

  const flags = { resumable: false };
  const provider = {
    name: "local",
    model: "fake-1",
    get resumable() {
      return flags.resumable;
    },
    generate(req: GenerateRequest) {
      providerCalls.push(req);
      const step = steps.shift() ?? ok;
      return step(req);
    },
    check: () => Promise.resolve(),
  } as AvatarProvider;

  const deps: GenerationWorkerDeps = {
    db: {
      transaction: ((fn: (tx: unknown) => Promise<unknown>) =>
        fn({})) as GenerationWorkerDeps["db"]["transaction"],
    },
    jobs: jobRows,
    requests,
    generations,
    uploads: {
      findById: (id) => Promise.resolve({ id, croppedKey: `u-x/2026/11/${id}-crop.jpg` } as never),
    },
    styles: {
      findById: (id) =>
        Promise.resolve({
          id,
          modelParameters: {},
          modelSpecificParameters: {},
          likenessCheck: opts.likenessCheck ?? false,
        } as never),
    },
    credits: {
      refund(spendId, _tx, source = "refund") {
        refunds.push(spendId);
        refundSources.push(source);
        return Promise.resolve({ lotId: randomUUID() });
      },
    },
    guests: {
      giveBack(id) {
        trialsBack.push(id);
        return Promise.resolve();
      },
    },
    storage,
    providers: { forService: () => Promise.resolve(provider) },
    referrals: {
      onFirstAvatar(userId) {
        referralChecks.push(userId);
        return Promise.resolve();
      },
    },
    images,
    likeness,
    settings: fakeSettings({ likeness_max_distance: "0.6" }),
    queue,
    events,
    log,
    clock: time.clock,
    timeoutSeconds: TIMEOUT_S,
    retryBaseSeconds: RETRY_BASE_S,
  };
  const worker = createGenerationWorker(deps);

  /** A queued generation with its photo in storage: a member's spend, or a guest's trial. */
  function queued(extra: Partial<GenerationRow> = {}): GenerationRow {
    const id = randomUUID();
    // Written as the jobs repository writes a new row (no transaction: kept), then `extra`.
    void jobRows.insert({} as Tx, {
      id,
      kind: "avatar",
      userId: opts.guest ? null : `user-${id.slice(0, 8)}`,
      guestTrialId: opts.guest ? randomUUID() : null,
      styleId: randomUUID(),
      uploadId: id,
      spendId: opts.guest ? null : randomUUID(),
      provider: "local",
      modelName: "fake-1",
      prompt: "a portrait",
      params: { aspectRatio: "1:1", gender: null, variables: {} },
      watermark: opts.watermark ?? Boolean(opts.guest),
    });
    const row = Object.assign(rows.get(id)!, extra);
    // The member's photo: a face at 0 for the fake likeness meter.
    objects.set(`user-uploads/u-x/2026/11/${id}-crop.jpg`, faceAt(0));
    return row;
  }

  return {
    worker,
    time,
    rows,
    /** The custom requests' statuses as they moved with their generations. */
    requests: requests.statuses,
    results,
    objects,
    refunds,
    refundSources,
    trialsBack,
    sent,
    jobs,
    deleted,
    referralChecks,
    changed,
    logs,
    providerCalls,
    finishes,
    faults: { storage: storage.faults, images: images.faults },
    flags,
    likeness,
    queued,
    row: (id: string) => rows.get(id)!,
    /** What the provider does on its next calls (then: succeed). */
    provider(...next: ProviderStep[]) {
      steps = next;
    },
    /** Everything the generation's owner got back. */
    givenBack: () => refunds.length + trialsBack.length,
  };
}

const ok: ProviderStep = () => Promise.resolve({ image: Buffer.from("raw-output"), seed: 7 });
const failing =
  (kind: "transient" | "permanent", message = "provider answered 503", retryAfter?: number) =>
  (): Promise<never> =>
    Promise.reject(new ProviderError(kind, message, retryAfter));
/** Holds until released (or until the request's signal aborts, as real providers do). */
function held() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const step: ProviderStep = (req) =>
    new Promise((resolve, reject) => {
      req.signal.addEventListener("abort", () =>
        reject(
          new ProviderError(
            "transient",
            `local: ${req.signal.reason instanceof DOMException ? "timed out" : "cancelled"}`,
          ),
        ),
      );
      void gate.then(() => resolve({ image: Buffer.from("raw-output"), seed: 7 }));
    });
  return { step, release: () => release() };
}

/** `gen`'s attempt, started against a provider that holds it until `release()`. */
async function heldAttempt(w: ReturnType<typeof world>, gen: { id: string }) {
  const slow = held();
  w.provider(slow.step);
  const attempt = w.worker.handle(gen.id);
  await settle();
  return { release: slow.release, attempt };
}

describe("generation worker (in-memory)", () => {
  it("stores the result and its thumbnail, watermarked for a guest, and ends succeeded", async () => {
    const w = world({ guest: true });
    const gen = w.queued();
    await w.worker.handle(gen.id);

    expect(w.row(gen.id)).toMatchObject({ status: "succeeded", attempts: 1, progress: 100 });
    const result = w.results.get(gen.id)!;
    expect(result.hasWatermark).toBe(true);
    expect(result.imageKey).toMatch(new RegExp(`^g-${gen.guestTrialId}/.*\\.jpg$`));
    expect(result.thumbKey).toMatch(/-thumb\.webp$/);
    expect(result.displayKey).toMatch(/[0-9a-f]\.webp$/);
    expect(result).toMatchObject({ width: 1024, height: 1024 });
    expect(w.objects.get(`generated-avatars/${result.imageKey}`)?.toString()).toBe(
      "raw-output:watermarked",
    );
    expect(w.objects.get(`generated-avatars/${result.displayKey}`)?.toString()).toBe("display");
    expect(w.objects.get(`generated-avatars/${result.thumbKey}`)?.toString()).toBe("thumb");
    // No master: a guest's picture can never be unwatermarked (ADR 036).
    expect(w.finishes).toEqual([{ width: 1024, height: 1024, watermark: true, master: false }]);
    expect(result.masterKey).toBeNull();
    // The raw provider output is gone once finished; the photo stays.
    expect(
      [...w.objects.keys()].filter((k) => k.includes("-raw.") || k.includes("-master.")),
    ).toEqual([]);
    expect(w.givenBack()).toBe(0);
    expect(w.sent).toEqual([]);
    expect(w.referralChecks).toEqual([]);
    // The heartbeat stopped with the attempt.
    expect(w.time.running).toBe(0);
    expect(w.changed.filter((id) => id === gen.id).length).toBeGreaterThanOrEqual(3);
  });

  it("keeps a member's watermarked result's master privately, beside its renditions", async () => {
    const w = world({ watermark: true });
    const gen = w.queued();
    await w.worker.handle(gen.id);
    const result = w.results.get(gen.id)!;
    expect(result).toMatchObject({ hasWatermark: true });
    expect(result.masterKey).toMatch(new RegExp(`^u-${gen.userId}/.*-master\\.jpg$`));
    expect(w.objects.get(`generated-avatars/${result.masterKey}`)?.toString()).toBe(
      "raw-output:master",
    );
    expect(w.finishes).toEqual([{ width: 1024, height: 1024, watermark: true, master: true }]);
    expect([...w.objects.keys()].filter((k) => k.includes("-raw."))).toEqual([]);
  });

  it("leaves a member's paid result clean, in the member's storage", async () => {
    const w = world();
    const gen = w.queued();
    await w.worker.handle(gen.id);
    const result = w.results.get(gen.id)!;
    expect(result.hasWatermark).toBe(false);
    expect(result.masterKey).toBeNull();
    expect(result.imageKey).toMatch(new RegExp(`^u-${gen.userId}/`));
    expect(w.objects.get(`generated-avatars/${result.imageKey}`)?.toString()).toBe(
      "raw-output:clean",
    );
    // The member's avatar exists: their referral is checked for completion (a guest's never).
    expect(w.referralChecks).toEqual([gen.userId]);
  });

  it("retries a transient provider failure with backoff, then refunds exactly once", async () => {
    const w = world();
    const gen = w.queued();
    w.provider(...Array.from({ length: MAX_ATTEMPTS }, () => failing("transient")));
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await w.worker.handle(gen.id);
      expect(w.row(gen.id).attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(w.row(gen.id).status).toBe("queued");
        expect(w.sent.at(-1)).toEqual({
          name: GENERATE_JOB,
          data: { generationId: gen.id },
          options: { id: jobIdFor(gen.id, attempt), startAfter: RETRY_BASE_S * 2 ** (attempt - 1) },
        });
      }
    }
    expect(w.sent.map((s) => s.options?.startAfter)).toEqual([2, 4, 8]);
    expect(w.row(gen.id)).toMatchObject({ status: "failed", errorCode: "provider_error" });
    expect(w.refunds).toEqual([gen.spendId]);
    expect(w.providerCalls).toHaveLength(MAX_ATTEMPTS);
    // A late or duplicate job of the ended generation changes nothing.
    await w.worker.handle(gen.id);
    await w.worker.retryOrFail(w.row(gen.id), "provider_error", "late");
    await w.worker.failForGood(w.row(gen.id), "provider_error", "late");
    expect(w.refunds).toEqual([gen.spendId]);
    expect(w.sent).toHaveLength(MAX_ATTEMPTS - 1);
  });

  it("waits at least the provider's Retry-After, and never more than two minutes", async () => {
    const w = world();
    const gen = w.queued();
    w.provider(failing("transient", "429", 30), failing("transient", "429", 900));
    await w.worker.handle(gen.id);
    await w.worker.handle(gen.id);
    expect(w.sent.map((s) => s.options?.startAfter)).toEqual([30, 120]);
  });

  it("refunds at once, without a retry, when the provider refuses for good", async () => {
    const w = world({ guest: true });
    const gen = w.queued();
    w.provider(failing("permanent", "replicate: 401 unauthorized"));
    await w.worker.handle(gen.id);
    expect(w.row(gen.id)).toMatchObject({ status: "failed", errorCode: "provider_error" });
    expect(w.trialsBack).toEqual([gen.guestTrialId]);
    expect(w.refunds).toEqual([]);
    expect(w.sent).toEqual([]);
  });

  it("refunds when the photo is gone (retention), without calling the provider", async () => {
    const w = world();
    const gen = w.queued();
    w.objects.clear();
    await w.worker.handle(gen.id);
    expect(w.row(gen.id)).toMatchObject({ status: "failed", errorCode: "photo_expired" });
    expect(w.refunds).toEqual([gen.spendId]);
    expect(w.providerCalls).toEqual([]);
  });

  it("moves a custom figure's request with its generation: processing, then completed or failed", async () => {
    const w = world();
    const made = w.queued({ kind: "custom_profession", customRequestId: randomUUID() });
    const requestId = made.customRequestId!;
    const seen: (string | undefined)[] = [];
    w.provider((req) => {
      seen.push(w.requests.get(requestId));
      return ok(req);
    });
    await w.worker.handle(made.id);
    expect(seen).toEqual(["processing"]);
    expect(w.requests.get(requestId)).toBe("completed");

    const refused = w.queued({ kind: "custom_profession", customRequestId: randomUUID() });
    w.provider(failing("permanent", "refused"));
    await w.worker.handle(refused.id);
    expect(w.requests.get(refused.customRequestId!)).toBe("failed");
    expect(w.refunds).toEqual([refused.spendId]);
  });

  describe("refunds once on the last attempt, whatever failed", () => {
    const lastTry = { attempts: MAX_ATTEMPTS - 1 };

    it("a provider error", async () => {
      const w = world();
      const gen = w.queued(lastTry);
      w.provider(failing("transient"));
      await w.worker.handle(gen.id);
      expect(w.row(gen.id)).toMatchObject({ status: "failed", errorCode: "provider_error" });
      expect(w.refunds).toEqual([gen.spendId]);
    });

    it("a storage error", async () => {
      const w = world();
      const gen = w.queued(lastTry);
      w.faults.storage.put = new Error("disk full");
      await w.worker.handle(gen.id);
      expect(w.row(gen.id)).toMatchObject({ status: "failed", errorCode: "internal_error" });
      expect(w.refunds).toEqual([gen.spendId]);
      expect(w.logs.some((l) => l.level === "error" && l.msg === "generation crashed")).toBe(true);
    });

    it("a post-processing error", async () => {
      const w = world({ guest: true });
      const gen = w.queued(lastTry);
      w.faults.images.finish = new Error("VipsJpeg: premature end of input");
      await w.worker.handle(gen.id);
      expect(w.row(gen.id)).toMatchObject({ status: "failed", errorCode: "internal_error" });
      expect(w.trialsBack).toEqual([gen.guestTrialId]);
      expect(w.results.size).toBe(0);
    });

    it("a provider timeout", async () => {
      const w = world();
      const gen = w.queued(lastTry);
      const { attempt: running } = await heldAttempt(w, gen);
      await w.time.advance(TIMEOUT_S * 1000);
      await running;
      expect(w.row(gen.id)).toMatchObject({ status: "failed", errorCode: "provider_timeout" });
      expect(w.refunds).toEqual([gen.spendId]);
    });
  });

  it("retries a timeout before the last attempt instead of refunding", async () => {
    const w = world();
    const gen = w.queued();
    const { attempt: running } = await heldAttempt(w, gen);
    await w.time.advance(TIMEOUT_S * 1000);
    await running;
    expect(w.row(gen.id)).toMatchObject({ status: "queued", attempts: 1 });
    expect(w.refunds).toEqual([]);
    expect(w.sent).toHaveLength(1);
  });

  it("keeps a live attempt's row from the sweeper with its heartbeat", async () => {
    const w = world();
    const gen = w.queued();
    const { release: releaseSlow, attempt: running } = await heldAttempt(w, gen);
    // A minute of work: six heartbeats, never three silent ones in a row.
    await w.time.advance(60_000);
    expect(await w.worker.recoverStale()).toBe(0);
    expect(await w.worker.sweep()).toEqual({ retried: 0, resent: 0 });
    releaseSlow();
    await running;
    expect(w.row(gen.id).status).toBe("succeeded");
    expect(w.time.running).toBe(0);
  });

  it("does not double-complete or double-refund when a late attempt finishes after another took over", async () => {
    const w = world();
    const gen = w.queued();
    const { release: releaseFirst, attempt: late } = await heldAttempt(w, gen);
    // Attempt 1's worker goes silent (its heartbeats stop reaching the database) and attempt 2
    // takes the generation over and delivers it.
    w.row(gen.id).heartbeatAt = new Date(w.time.now - (w.worker.staleSeconds + 1) * 1000);
    await w.worker.handle(gen.id);
    expect(w.row(gen.id)).toMatchObject({ status: "succeeded", attempts: 2 });
    const delivered = { ...w.results.get(gen.id)! };
    // Attempt 1's provider answers late: its completion is refused, its copy deleted.
    releaseFirst();
    await late;
    expect(w.row(gen.id)).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(w.results.get(gen.id)).toEqual(delivered);
    expect(w.givenBack()).toBe(0);
    expect([...w.objects.keys()].filter((k) => k.startsWith("generated-avatars/"))).toEqual([
      `generated-avatars/${delivered.imageKey}`,
      `generated-avatars/${delivered.displayKey}`,
      `generated-avatars/${delivered.thumbKey}`,
    ]);
    expect(w.logs.some((l) => l.msg === "generation result not needed twice")).toBe(true);
  });

  it("does not refund or retry for a late attempt that fails after another took over", async () => {
    const w = world();
    const gen = w.queued({ attempts: MAX_ATTEMPTS - 2 });
    const { attempt: late } = await heldAttempt(w, gen);
    // Taken over by the last attempt, which is still running.
    w.row(gen.id).attempts += 1;
    // Attempt 1's next heartbeat finds the generation is not its own: it stops, changes nothing.
    await w.time.advance(HEARTBEAT_S * 1000);
    await late;
    expect(w.row(gen.id)).toMatchObject({ status: "processing", attempts: MAX_ATTEMPTS });
    expect(w.givenBack()).toBe(0);
    expect(w.sent).toEqual([]);
    // And a late failure reported with its old token cannot fail or requeue the holder.
    const stale = { ...w.row(gen.id), attempts: MAX_ATTEMPTS - 1 };
    await w.worker.retryOrFail(stale, "provider_error", "late");
    await w.worker.failForGood(stale, "provider_error", "late");
    expect(w.row(gen.id).status).toBe("processing");
    expect(w.givenBack()).toBe(0);
  });

  it("takes a duplicate result as delivered: succeeded, no retry, no refund", async () => {
    const w = world();
    const gen = w.queued();
    await w.worker.handle(gen.id);
    // Its row went back to queued (a crash between the result and the status, say).
    Object.assign(w.row(gen.id), { status: "queued" });
    await w.worker.handle(gen.id);
    expect(w.row(gen.id).status).toBe("succeeded");
    expect(w.givenBack()).toBe(0);
    expect(w.sent).toEqual([]);
  });

  it("sweeps a stale row back to the queue, and it then completes", async () => {
    const w = world();
    const gen = w.queued();
    // A worker claimed it and died: processing, silent for longer than three heartbeats.
    await w.time.advance(120_000);
    Object.assign(w.row(gen.id), {
      status: "processing",
      attempts: 1,
      startedAt: new Date(w.time.now - 100_000),
      heartbeatAt: new Date(w.time.now - (w.worker.staleSeconds + 1) * 1000),
    });
    expect(w.worker.staleSeconds).toBe(HEARTBEAT_S * 3);
    expect(await w.worker.sweep()).toEqual({ retried: 1, resent: 0 });
    expect(w.row(gen.id)).toMatchObject({
      status: "queued",
      errorMessage: "processing stopped (server restart or lost worker)",
    });
    expect(w.sent).toEqual([
      {
        name: GENERATE_JOB,
        data: { generationId: gen.id },
        options: { id: jobIdFor(gen.id, 1), startAfter: RETRY_BASE_S },
      },
    ]);
    await w.worker.handle(gen.id);
    expect(w.row(gen.id)).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(w.givenBack()).toBe(0);
  });

  it("ends a stale row that used every attempt, with one refund", async () => {
    const w = world();
    const gen = w.queued();
    Object.assign(w.row(gen.id), {
      status: "processing",
      attempts: MAX_ATTEMPTS,
      startedAt: new Date(w.time.now - 3600_000),
      heartbeatAt: null,
    });
    expect(await w.worker.recoverStale({ staleAfterSeconds: 0 })).toBe(1);
    expect(w.row(gen.id)).toMatchObject({ status: "failed", errorCode: "provider_timeout" });
    expect(w.refunds).toEqual([gen.spendId]);
    expect(await w.worker.recoverStale({ staleAfterSeconds: 0 })).toBe(0);
    expect(w.refunds).toEqual([gen.spendId]);
  });

  it("spares, at start, a row claimed since the process started", async () => {
    const w = world();
    const gen = w.queued();
    const started = new Date(w.time.now);
    await w.time.advance(1000);
    Object.assign(w.row(gen.id), {
      status: "processing",
      attempts: 1,
      startedAt: new Date(w.time.now),
      heartbeatAt: new Date(w.time.now),
    });
    await w.time.advance(1000);
    expect(await w.worker.recoverStale({ staleAfterSeconds: 0, silentSince: started })).toBe(0);
    expect(w.row(gen.id).status).toBe("processing");
  });

  it("re-sends a queued generation whose job was lost, and only that one", async () => {
    const w = world();
    const lost = w.queued();
    const waiting = w.queued();
    const failedJob = w.queued({ attempts: 1 });
    w.jobs.set(jobIdFor(waiting.id, 0), { state: "created", startedAt: null });
    w.jobs.set(jobIdFor(failedJob.id, 1), { state: "failed", startedAt: null });
    await w.time.advance(61_000);
    expect(await w.worker.sweep()).toEqual({ retried: 0, resent: 2 });
    expect(w.deleted).toEqual([jobIdFor(failedJob.id, 1)]);
    expect(w.sent).toEqual([
      { name: GENERATE_JOB, data: { generationId: lost.id }, options: { id: lost.id } },
      {
        name: GENERATE_JOB,
        data: { generationId: failedJob.id },
        options: { id: jobIdFor(failedJob.id, 1) },
      },
    ]);
  });

  it("re-sends a queued generation whose job's worker died before claiming it, once overdue", async () => {
    // A worker took the job (active) and was killed before its claim: the row stays queued and
    // the queue would hold the job until it expires (the whole attempt timeout). The chaos run
    // (generate-avatar.chaos.int.test.ts) caught one such generation still queued after a minute.
    const w = world();
    const orphan = w.queued();
    const claiming = w.queued();
    await w.time.advance(61_000);
    w.jobs.set(orphan.id, { state: "active", startedAt: new Date(w.time.now) });
    await w.time.advance(w.worker.staleSeconds * 1000 - 1000);
    w.jobs.set(claiming.id, { state: "active", startedAt: new Date(w.time.now) });
    // Not yet overdue: a live worker may be claiming it right now.
    expect(await w.worker.sweep()).toEqual({ retried: 0, resent: 0 });
    await w.time.advance(2000);
    expect(await w.worker.sweep()).toEqual({ retried: 0, resent: 1 });
    expect(w.deleted).toEqual([orphan.id]);
    expect(w.sent).toEqual([
      { name: GENERATE_JOB, data: { generationId: orphan.id }, options: { id: orphan.id } },
    ]);
    // The re-sent job runs it, and its claim is the only one.
    await w.worker.handle(orphan.id);
    expect(w.row(orphan.id).status).toBe("succeeded");
    expect(w.row(orphan.id).attempts).toBe(1);
  });

  it("looks only at the oldest queued rows when given a limit", async () => {
    const w = world();
    const first = w.queued();
    await w.time.advance(10);
    w.queued();
    await w.time.advance(61_000);
    expect(await w.worker.sweep({ queuedLimit: 1 })).toEqual({ retried: 0, resent: 1 });
    expect(w.sent.map((m) => m.options?.id)).toEqual([first.id]);
  });

  it("passes a resumable provider the earlier attempt's work and records new work", async () => {
    const w = world();
    const calls: (string | null)[] = [];
    const recordingStep: ProviderStep = async (req) => {
      calls.push(req.providerJob ? req.providerJob.previous : "no link");
      await req.providerJob?.started("p-new");
      return { image: Buffer.from("raw-output"), seed: 7 };
    };
    // Only providers that say they resume get the link.
    const plain = w.queued({ providerJobId: "p-earlier" });
    w.provider(recordingStep);
    await w.worker.handle(plain.id);
    w.flags.resumable = true;
    const resumed = w.queued({ providerJobId: "p-earlier" });
    w.provider(recordingStep);
    await w.worker.handle(resumed.id);
    expect(calls).toEqual(["no link", "p-earlier"]);
    expect(w.row(plain.id).providerJobId).toBe("p-earlier");
    expect(w.row(resumed.id).providerJobId).toBe("p-new");
  });

  describe("Garansi Mirip (ADR 038)", () => {
    const picture =
      (x: number | null): ProviderStep =>
      () =>
        Promise.resolve({ image: x === null ? Buffer.from("no face") : faceAt(x), seed: 7 });
    const rawLeft = (w: ReturnType<typeof world>) =>
      [...w.objects.keys()].filter((k) => k.includes("-raw."));

    it("keeps a result that looks like the member: one call, a score, no refund", async () => {
      const w = world({ likenessCheck: true });
      const gen = w.queued();
      w.provider(picture(0.3));
      await w.worker.handle(gen.id);
      expect(w.providerCalls).toHaveLength(1);
      expect(w.results.get(gen.id)!.likeness).toEqual({ score: 91, verdict: "ok", threshold: 0.6 });
      expect(w.refunds).toEqual([]);
      expect(w.row(gen.id).likenessRedoAt).toBeNull();
    });

    it("redoes another person's face once with a new seed, keeps the closer and refunds", async () => {
      const w = world({ likenessCheck: true });
      const gen = w.queued();
      w.provider(picture(0.9), picture(0.8));
      await w.worker.handle(gen.id);
      expect(w.providerCalls).toHaveLength(2);
      expect(w.providerCalls[1]!.seed).not.toBe(w.providerCalls[0]!.seed);
      const result = w.results.get(gen.id)!;
      expect(result.likeness).toEqual({ score: 36, verdict: "refunded", threshold: 0.6 });
      expect(w.objects.get(`generated-avatars/${result.imageKey}`)?.toString()).toBe(
        "face:0.8:clean",
      );
      expect(w.refunds).toEqual([gen.spendId]);
      expect(w.refundSources).toEqual(["likeness_refund"]);
      expect(w.row(gen.id).status).toBe("succeeded");
      expect(w.row(gen.id).likenessFirstDistance).toBeCloseTo(0.9);
      expect(rawLeft(w)).toEqual([]);
    });

    it("keeps the first when the redo is further, and a redo that passes is 'redone' without a refund", async () => {
      const further = world({ likenessCheck: true });
      const a = further.queued();
      further.provider(picture(0.7), picture(0.95));
      await further.worker.handle(a.id);
      expect(
        further.objects.get(`generated-avatars/${further.results.get(a.id)!.imageKey}`)?.toString(),
      ).toBe("face:0.7:clean");
      expect(further.results.get(a.id)!.likeness.verdict).toBe("refunded");

      const better = world({ likenessCheck: true });
      const b = better.queued();
      better.provider(picture(0.9), picture(0.2));
      await better.worker.handle(b.id);
      expect(better.results.get(b.id)!.likeness).toEqual({
        score: 96,
        verdict: "redone",
        threshold: 0.6,
      });
      expect(better.refunds).toEqual([]);
      expect(rawLeft(better)).toEqual([]);
    });

    it("redoes a result with no face, then refunds with a score of 0", async () => {
      const w = world({ likenessCheck: true });
      const gen = w.queued();
      w.provider(picture(null), picture(null));
      await w.worker.handle(gen.id);
      expect(w.providerCalls).toHaveLength(2);
      expect(w.results.get(gen.id)!.likeness).toEqual({
        score: 0,
        verdict: "refunded",
        threshold: 0.6,
      });
      expect(w.refundSources).toEqual(["likeness_refund"]);
    });

    it("gives a visitor the redo but nothing to refund", async () => {
      const w = world({ guest: true, likenessCheck: true });
      const gen = w.queued();
      w.provider(picture(0.9), picture(0.9));
      await w.worker.handle(gen.id);
      expect(w.providerCalls).toHaveLength(2);
      expect(w.results.get(gen.id)!.likeness.verdict).toBe("redone");
      expect(w.givenBack()).toBe(0);
    });

    it("does not check a style that does not keep the face, nor a custom figure", async () => {
      const w = world();
      const gen = w.queued();
      w.provider(picture(0.9));
      await w.worker.handle(gen.id);
      const checked = world({ likenessCheck: true });
      const figure = checked.queued({ kind: "custom_profession", customRequestId: randomUUID() });
      checked.provider(picture(0.9));
      await checked.worker.handle(figure.id);
      for (const [x, id] of [
        [w, gen.id],
        [checked, figure.id],
      ] as const) {
        expect(x.providerCalls).toHaveLength(1);
        expect(x.results.get(id)!.likeness).toEqual({
          score: null,
          verdict: "not_checked",
          threshold: null,
        });
        expect(x.likeness.calls).toEqual([]);
      }
    });

    it("keeps the result unchecked when the detector cannot run", async () => {
      const w = world({ likenessCheck: true });
      const gen = w.queued();
      w.likeness.faults.describe = new Error("the face detector is busy");
      w.provider(picture(0.9));
      await w.worker.handle(gen.id);
      expect(w.providerCalls).toHaveLength(1);
      expect(w.results.get(gen.id)!.likeness.verdict).toBe("not_checked");
    });

    it("keeps the first result and refunds when the redo cannot be made", async () => {
      const w = world({ likenessCheck: true });
      const gen = w.queued();
      w.provider(picture(0.7), failing("permanent", "content refused"));
      await w.worker.handle(gen.id);
      expect(w.row(gen.id).status).toBe("succeeded");
      expect(w.results.get(gen.id)!.likeness).toMatchObject({ verdict: "refunded", score: 51 });
      expect(w.refunds).toEqual([gen.spendId]);
    });

    it("redoes at most once across a worker's death: the next attempt only makes the redo", async () => {
      const w = world({ likenessCheck: true });
      const gen = w.queued();
      // The first result misses; the redo is under way when the worker dies (it never answers).
      const stuck = held();
      w.provider(picture(0.9), stuck.step);
      void w.worker.handle(gen.id);
      await settle();
      expect(w.row(gen.id).likenessRedoAt).not.toBeNull();
      expect(w.providerCalls).toHaveLength(2);
      const firstKey = w.row(gen.id).likenessFirstKey!;
      expect(w.objects.has(`generated-avatars/${firstKey}`)).toBe(true);
      // Silent for longer than three heartbeats: the sweeper takes it back.
      Object.assign(w.row(gen.id), {
        heartbeatAt: new Date(w.time.now - (w.worker.staleSeconds + 1) * 1000),
      });
      expect(await w.worker.sweep()).toEqual({ retried: 1, resent: 0 });
      w.provider(picture(0.85));
      await w.worker.handle(gen.id);
      // One redo in all: the retry made only the redo (3 calls: the lost one was the redo's).
      expect(w.providerCalls).toHaveLength(3);
      expect(w.providerCalls[2]!.seed).toBe(w.providerCalls[1]!.seed);
      expect(w.results.get(gen.id)!.likeness.verdict).toBe("refunded");
      expect(w.refunds).toEqual([gen.spendId]);
      expect(rawLeft(w)).toEqual([]);
    });

    it("drops a waiting first result when the generation fails for good", async () => {
      const w = world({ likenessCheck: true });
      const gen = w.queued({ attempts: MAX_ATTEMPTS - 1 });
      w.provider(picture(0.9), picture(0.9));
      w.faults.images.finish = new Error("disk full");
      await w.worker.handle(gen.id);
      expect(w.row(gen.id)).toMatchObject({ status: "failed" });
      expect(w.refundSources).toEqual(["refund"]);
      expect(rawLeft(w)).toEqual([]);
    });
  });
});
