import { describe, expect, it } from "vitest";
import {
  fakeClock,
  fakeCredits,
  fakeImages,
  fakeJobEvents,
  fakeJobs,
  fakeKanvas,
  fakeLog,
  fakeProviders,
  fakeQueue,
  fakeStorage,
  fakeTransactor,
  fakeUploads,
} from "../../../test/fakes";
import { ProviderError } from "../../infra/providers/provider";
import { createKanvasWorker, kanvasMessage } from "./kanvas.worker";

/**
 * One Kanvas picture through the job kit against the fakes kit (no database, no images, a clock
 * that does not move), with the real credits service: how its end is written. The same paths run
 * against real databases in kanvas.int.test.ts.
 */

const USER = "user-1";
const PRICE = 2;

async function world(o: { references?: number } = {}) {
  const transactor = fakeTransactor();
  const jobs = fakeJobs({ kinds: ["kanvas"] });
  const kanvas = fakeKanvas({ jobs });
  const storage = fakeStorage();
  const uploads = fakeUploads({ storage });
  const credits = fakeCredits();
  const providers = fakeProviders({ name: "openai", model: "fake-image-1" });
  const events = fakeJobEvents();
  const references = [];
  for (let i = 0; i < (o.references ?? 0); i++) references.push(uploads.photo(USER));
  const run = await kanvas.insertRun(transactor.tx, {
    userId: USER,
    mode: references.length ? "image2image" : "text2image",
    prompt: "senja di pantai",
    aspectRatio: "1:1",
    count: 1,
    seed: 42,
    referenceUploadIds: references.map((u) => u.id),
    pricePerImage: PRICE,
    provider: "openai",
    modelName: "fake-image-1",
  });
  const worker = createKanvasWorker({
    db: transactor.db,
    jobs,
    kanvas,
    uploads,
    credits: credits.service,
    storage,
    providers,
    images: fakeImages(),
    queue: fakeQueue(),
    events,
    log: fakeLog(),
    // The clock never moves: the heartbeat never fires, the timeout never aborts.
    clock: fakeClock().clock,
    timeoutSeconds: 150,
    retryBaseSeconds: 0,
  });

  /** A queued picture of the run, paid with a spend of the member's. */
  async function picture() {
    credits.hold(USER, PRICE);
    const { spendId } = await credits.service.spend(USER, PRICE, "kanvas", "Kanvas 1/1");
    return jobs.insert(transactor.tx, {
      kind: "kanvas",
      status: "queued",
      userId: USER,
      kanvasRunId: run.id,
      spendId,
      provider: "openai",
      params: { index: 0, seed: 42 },
    });
  }
  return {
    worker,
    transactor,
    jobs,
    kanvas,
    run,
    references,
    storage,
    credits,
    providers,
    events,
    picture,
    /** The credits given back to the member so far. */
    refunded: () => credits.written.filter((e) => e.delta > 0).length,
  };
}

describe("kanvas worker (in-memory)", () => {
  it("delivers a picture: its job succeeds and its image row is written, watchers follow the run", async () => {
    const w = await world();
    const job = await w.picture();
    await w.worker.handle(job.id);
    expect(w.jobs.rows.get(job.id)).toMatchObject({ status: "succeeded", progress: 100 });
    const image = [...w.kanvas.images.values()].find((i) => i.jobId === job.id);
    expect(image).toMatchObject({ runId: w.run.id, seed: 42, hasWatermark: false });
    const stored = w.storage.keys("generated-avatars");
    expect(stored).toHaveLength(3);
    expect(w.events.told.every((id) => id === w.run.id)).toBe(true);
    expect(w.refunded()).toBe(0);
  });

  it("draws from the run's reference photos, in the run's order", async () => {
    const w = await world({ references: 2 });
    const job = await w.picture();
    await w.worker.handle(job.id);
    expect(w.jobs.rows.get(job.id)?.status).toBe("succeeded");
    const [asked] = w.providers.kanvas.calls;
    expect(asked).toMatchObject({ mode: "image2image", seed: 42, prompt: "senja di pantai" });
    expect(await Promise.all(asked!.images.map((b) => b.text()))).toEqual(
      w.references.map((u) => `photo ${u.id}`),
    );
  });

  it("refunds a picture whose reference photo is gone (deleted after 24 hours), asking no provider", async () => {
    const w = await world({ references: 1 });
    await w.storage.delete("user-uploads", w.references[0]!.originalKey!);
    await w.storage.delete("user-uploads", w.references[0]!.croppedKey!);
    const job = await w.picture();
    await w.worker.handle(job.id);
    expect(w.jobs.rows.get(job.id)).toMatchObject({
      status: "failed",
      errorCode: "photo_expired",
      errorMessage: kanvasMessage("photo_expired"),
    });
    expect(w.providers.kanvas.calls).toHaveLength(0);
    expect(w.credits.balance(USER)).toBe(PRICE);
  });

  it("writes nothing for a picture cancelled while it was being made: lost, its files go, no second refund", async () => {
    const w = await world();
    const job = await w.picture();
    w.providers.kanvas.next(async (req) => {
      // The member cancels meanwhile: the job ends (refunded by the cancel) before the answer.
      await w.jobs.markFailed(w.transactor.tx, job.id, "cancelled", kanvasMessage("cancelled"));
      return { image: Buffer.from("raw"), model: "fake-image-1", seed: req.seed };
    });
    await w.worker.handle(job.id);
    expect(w.jobs.rows.get(job.id)).toMatchObject({ status: "failed", errorCode: "cancelled" });
    expect(w.kanvas.images.size).toBe(0);
    expect(w.storage.objects.size).toBe(0);
    expect(w.refunded()).toBe(0);
  });

  it("takes an existing picture as delivered: succeeded, its copy discarded, no refund", async () => {
    const w = await world();
    const job = await w.picture();
    // The picture's image row exists already (a delivery before this one).
    await w.kanvas.insertImage(w.transactor.tx, job, w.run, {
      imageKey: "u-user-1/2026/11/00000000-0000-4000-8000-000000000001.jpg",
      displayKey: "u-user-1/2026/11/00000000-0000-4000-8000-000000000002.webp",
      thumbKey: "u-user-1/2026/11/00000000-0000-4000-8000-000000000003-thumb.webp",
      masterKey: null,
      width: 1024,
      height: 1024,
      seed: 42,
      hasWatermark: false,
    });
    await w.worker.handle(job.id);
    expect(w.jobs.rows.get(job.id)?.status).toBe("succeeded");
    expect(w.storage.objects.size).toBe(0);
    expect(w.refunded()).toBe(0);
  });

  it("refunds a picture the provider refuses for good, with the Kanvas message", async () => {
    const w = await world();
    const job = await w.picture();
    w.providers.kanvas.next(() => Promise.reject(new ProviderError("permanent", "refused")));
    await w.worker.handle(job.id);
    expect(w.jobs.rows.get(job.id)).toMatchObject({
      status: "failed",
      errorCode: "provider_error",
      errorMessage: kanvasMessage("provider_error"),
    });
    expect(w.refunded()).toBe(1);
    expect(w.credits.balance(USER)).toBe(PRICE);
  });
});
