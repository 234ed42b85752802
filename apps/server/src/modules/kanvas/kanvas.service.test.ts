import { randomUUID } from "node:crypto";
import { type StartKanvasRequest, startKanvasRequestSchema } from "@rupa/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeClock, fakeJobStart, fakeKanvas } from "../../../test/fakes";
import { refusal } from "../../../test/refusal";
import type { Actor } from "../../lib/actor";
import { createKanvasService } from "./kanvas.service";
import { KANVAS_JOB, kanvasMessage } from "./kanvas.worker";

/**
 * The Kanvas service's rules (ADR 019) against the fakes kit, with the real credits service and
 * the real uploads service behind it: a run is checked first, then paid per picture and written
 * with one job per picture in one transaction (all of it or nothing); only its member sees or
 * cancels it; a cancel gives back each picture not made yet, once. The same flows run with a
 * renderer on real databases in kanvas.int.test.ts.
 */
function world() {
  // The database's clock, moved on by hand (`later`): rows written together share a time.
  const time = fakeClock();
  const now = () => time.now;
  const kit = fakeJobStart({
    kinds: ["kanvas"],
    now,
    settings: { kanvas_credits_per_image: "2" },
    provider: { name: "openai", model: "fake-image-1" },
  });
  const { jobs } = kit;
  const f = { ...kit, kanvas: fakeKanvas({ jobs, now }) };
  const service = createKanvasService({ ...f, db: f.transactor.db, credits: f.credits.service });

  /** A run asked for as the browser sends it (through the shared schema). */
  const start = (actor: Actor, input: Partial<StartKanvasRequest> = {}) =>
    service.start(
      actor,
      startKanvasRequestSchema.parse({ mode: "text2image", prompt: "senja di pantai", ...input }),
    );
  return {
    ...f,
    service,
    start,
    member: (held = 0) => f.credits.member(held),
    later: (ms = 1000) => time.advance(ms),
    /** The picture jobs of a run, in picture order. */
    picturesOf: (runId: string) =>
      [...jobs.rows.values()]
        .filter((j) => j.kanvasRunId === runId)
        .sort((a, b) => (a.params.index as number) - (b.params.index as number)),
    /** Nothing was written, spent or sent. */
    untouched: () => ({
      runs: f.kanvas.runs.size,
      jobs: jobs.rows.size,
      written: f.credits.written.length,
      sent: f.queue.sent.length,
    }),
  };
}

let w: ReturnType<typeof world>;
beforeEach(() => {
  w = world();
});

describe("starting a Kanvas run", () => {
  it("pays each picture at the set price and writes one queued job per picture, then sends them", async () => {
    const m = w.member(10);
    const run = await w.start(m, { count: 3, seed: 100, aspectRatio: "16:9" });

    expect(w.credits.balance(m.userId!)).toBe(4);
    expect(w.credits.written.map((e) => [e.delta, e.description])).toEqual([
      [-2, "Kanvas 1/3"],
      [-2, "Kanvas 2/3"],
      [-2, "Kanvas 3/3"],
    ]);
    const pictures = w.picturesOf(run.id);
    expect(pictures.map((j) => [j.status, j.params, j.provider, j.watermark])).toEqual([
      ["queued", { index: 0, seed: 100 }, "openai", false],
      ["queued", { index: 1, seed: 101 }, "openai", false],
      ["queued", { index: 2, seed: 102 }, "openai", false],
    ]);
    // Each picture holds its own spend, so each is refunded on its own.
    expect(new Set(pictures.map((j) => j.spendId)).size).toBe(3);
    expect(w.queue.to(KANVAS_JOB)).toEqual(pictures.map((j) => ({ jobId: j.id })));
    expect(w.transactor.opened).toBe(1);
    expect(run).toMatchObject({
      status: "queued",
      count: 3,
      seed: 100,
      aspectRatio: "16:9",
      pricePerImage: 2,
      refunded: 0,
      position: 1,
      provider: "openai",
    });
    expect(run.pictures.map((p) => [p.index, p.status, p.image, p.error])).toEqual([
      [0, "queued", null, null],
      [1, "queued", null, null],
      [2, "queued", null, null],
    ]);
  });

  it("refuses a run the balance cannot pay in full with 402, and nothing of it stays", async () => {
    const m = w.member(5);
    const before = w.untouched();
    expect(await refusal(w.start(m, { count: 3 }))).toEqual({
      code: "insufficient_credits",
      status: 402,
    });
    // Two pictures were paid before the third failed: the transaction takes them back.
    expect(w.credits.balance(m.userId!)).toBe(5);
    expect(w.untouched()).toEqual(before);
  });

  it("keeps the price the run started at, and neither spends nor gives back when Kanvas is free", async () => {
    const m = w.member(10);
    const paid = await w.start(m);
    w.settings.values.set("kanvas_credits_per_image", "0");
    const free = await w.start(m, { count: 2 });
    expect(w.credits.balance(m.userId!)).toBe(8);
    expect(w.picturesOf(free.id).map((j) => j.spendId)).toEqual([null, null]);
    expect((await w.service.view((await w.kanvas.findRun(paid.id))!)).pricePerImage).toBe(2);
    expect(free.pricePerImage).toBe(0);
    // A free picture that fails gives nothing back.
    await w.jobs.markFailed(w.transactor.tx, w.picturesOf(free.id)[0]!.id, "provider_error", "x");
    expect((await w.service.view((await w.kanvas.findRun(free.id))!)).refunded).toBe(0);
  });

  it("watermarks the pictures paid with free credits only", async () => {
    const m = w.member();
    w.credits.hold(m.userId!, 4, { source: "signup_bonus", watermarked: true });
    const run = await w.start(m, { count: 2 });
    expect(w.picturesOf(run.id).map((j) => j.watermark)).toEqual([true, true]);
  });

  it("wraps the seeds of a run within a 32-bit signed integer", async () => {
    const run = await w.start(w.member(10), { count: 2, seed: 2_147_483_646 });
    expect(w.picturesOf(run.id).map((j) => j.params.seed)).toEqual([2_147_483_646, 0]);
  });

  it("refuses banned words in the prompt or the negative prompt with 422, naming the field, before paying", async () => {
    const m = w.member(10);
    w.banned.words.push("kasar");
    const before = w.untouched();
    await expect(w.start(m, { negativePrompt: "tanpa KASAR" })).rejects.toMatchObject({
      code: "banned_content",
      status: 422,
      issues: [{ path: ["negativePrompt"], message: "kasar" }],
    });
    expect(await refusal(w.start(m, { prompt: "kasar sekali" }))).toEqual({
      code: "banned_content",
      status: 422,
    });
    expect(w.untouched()).toEqual(before);
    expect(w.credits.balance(m.userId!)).toBe(10);
  });

  it("draws from the member's own finished photos, in the order given", async () => {
    const m = w.member(10);
    const a = w.uploadRows.photo(m.userId!);
    const b = w.uploadRows.photo(m.userId!);
    const run = await w.start(m, { mode: "image2image", imageIds: [b.id, a.id] });
    expect(run.imageIds).toEqual([b.id, a.id]);
    expect(w.kanvas.runs.get(run.id)?.referenceUploadIds).toEqual([b.id, a.id]);
  });

  it("refuses another member's photo as missing (404) and a photo still processing (409), paying nothing", async () => {
    const m = w.member(10);
    const theirs = w.uploadRows.photo(w.member().userId!);
    const busy = w.uploadRows.photo(m.userId!, { status: "processing" });
    const before = w.untouched();
    expect(await refusal(w.start(m, { mode: "image2image", imageIds: [theirs.id] }))).toEqual({
      code: "not_found",
      status: 404,
    });
    expect(await refusal(w.start(m, { mode: "image2image", imageIds: [busy.id] }))).toEqual({
      code: "upload_not_ready",
      status: 409,
    });
    expect(w.untouched()).toEqual(before);
  });

  it("refuses a guest (401): Kanvas is for members", async () => {
    const guest: Actor = { userId: null, guestTrialId: randomUUID(), isAdmin: false };
    expect(await refusal(w.start(guest))).toEqual({ code: "unauthorized", status: 401 });
  });
});

describe("a member's runs", () => {
  it("lists only the member's own runs, newest first, at most 20", async () => {
    const m = w.member(100);
    const other = w.member(10);
    const theirs = await w.start(other);
    const mine = [];
    for (let i = 0; i < 21; i++) {
      await w.later();
      mine.push(await w.start(m, { prompt: `gambar ${i}` }));
    }

    const listed = await w.service.runs(m);
    expect(listed).toHaveLength(20);
    expect(listed[0]!.prompt).toBe("gambar 20");
    expect(listed.at(-1)!.prompt).toBe("gambar 1");
    expect(listed.map((r) => r.id)).not.toContain(theirs.id);
  });

  it("answers another member's run, or none, as missing (404)", async () => {
    const run = await w.start(w.member(10));
    const other = w.member();
    expect(await refusal(w.service.owned(other, run.id))).toEqual({
      code: "not_found",
      status: 404,
    });
    expect(await refusal(w.service.owned(other, randomUUID()))).toEqual({
      code: "not_found",
      status: 404,
    });
    const guest: Actor = { userId: null, guestTrialId: randomUUID(), isAdmin: false };
    expect((await refusal(w.service.owned(guest, run.id))).status).toBe(404);
  });

  it("places a waiting run behind every Kanvas picture queued before it, and says when it is done", async () => {
    await w.start(w.member(10), { count: 2 });
    await w.later();
    const m = w.member(10);
    const run = await w.start(m, { count: 2 });
    expect(run.position).toBe(3);

    const [first, second] = w.picturesOf(run.id);
    await w.jobs.acquire(first!.id, 60);
    expect((await w.service.view((await w.kanvas.findRun(run.id))!)).status).toBe("processing");
    await w.jobs.markSucceeded(w.transactor.tx, (await w.jobs.findById(first!.id))!);
    await w.jobs.markFailed(w.transactor.tx, second!.id, "provider_error", "refused");
    const done = await w.service.view((await w.kanvas.findRun(run.id))!);
    expect(done).toMatchObject({ status: "done", position: null, refunded: 2 });
    expect(done.pictures[1]!.error).toEqual({
      code: "provider_error",
      message: kanvasMessage("provider_error"),
    });
  });
});

describe("cancelling a run", () => {
  /** A run of three: the first picture made, the second being made, the third waiting. */
  async function midway(m: Actor) {
    const run = await w.start(m, { count: 3 });
    const [made, making] = w.picturesOf(run.id);
    const claimed = (await w.jobs.acquire(made!.id, 60))!;
    await w.jobs.markSucceeded(w.transactor.tx, claimed);
    await w.kanvas.insertImage(w.transactor.tx, claimed, w.kanvas.runs.get(run.id)!, {
      imageKey: "u-x/2026/11/00000000-0000-4000-8000-000000000001.jpg",
      displayKey: "u-x/2026/11/00000000-0000-4000-8000-000000000002.webp",
      thumbKey: "u-x/2026/11/00000000-0000-4000-8000-000000000003-thumb.webp",
      masterKey: null,
      width: 1024,
      height: 1024,
      seed: 42,
      hasWatermark: false,
    });
    await w.jobs.acquire(making!.id, 60);
    return run;
  }

  it("gives back each picture not made yet, keeps the one made, and tells the run's watchers", async () => {
    const m = w.member(6);
    const run = await midway(m);
    expect(w.credits.balance(m.userId!)).toBe(0);

    const cancelled = await w.service.cancel(m, run.id);
    expect(w.credits.balance(m.userId!)).toBe(4);
    expect(w.credits.written.filter((e) => e.delta > 0).map((e) => e.delta)).toEqual([2, 2]);
    expect(w.picturesOf(run.id).map((j) => [j.status, j.errorCode])).toEqual([
      ["succeeded", null],
      ["failed", "cancelled"],
      ["failed", "cancelled"],
    ]);
    expect(cancelled).toMatchObject({ status: "cancelled", refunded: 4, position: null });
    expect(cancelled.pictures[0]!.image).not.toBeNull();
    expect(cancelled.pictures[2]!.error).toEqual({
      code: "cancelled",
      message: kanvasMessage("cancelled"),
    });
    expect(w.events.told).toContain(run.id);
  });

  it("changes nothing the second time", async () => {
    const m = w.member(6);
    const run = await midway(m);
    await w.service.cancel(m, run.id);
    const written = w.credits.written.length;
    const again = await w.service.cancel(m, run.id);
    expect(w.credits.written).toHaveLength(written);
    expect(w.credits.balance(m.userId!)).toBe(4);
    expect(again.status).toBe("cancelled");
  });

  it("refuses another member's run as missing (404) and leaves it running", async () => {
    const m = w.member(6);
    const run = await w.start(m, { count: 3 });
    expect(await refusal(w.service.cancel(w.member(), run.id))).toEqual({
      code: "not_found",
      status: 404,
    });
    expect(w.kanvas.runs.get(run.id)!.cancelledAt).toBeNull();
    expect(w.picturesOf(run.id).every((j) => j.status === "queued")).toBe(true);
    expect(w.credits.balance(m.userId!)).toBe(0);
  });

  it("is all or nothing: a refund the ledger refuses leaves the run, its pictures and the credits as they were", async () => {
    const m = w.member(6);
    const run = await w.start(m, { count: 3 });
    const insertLot = w.credits.repo.insertLot.bind(w.credits.repo);
    let grants = 0;
    // The ledger refuses the second refund.
    w.credits.repo.insertLot = (tx, userId, input) =>
      ++grants === 2
        ? Promise.reject(new Error("the database refused"))
        : insertLot(tx, userId, input);

    await expect(w.service.cancel(m, run.id)).rejects.toThrow("the database refused");
    expect(w.kanvas.runs.get(run.id)!.cancelledAt).toBeNull();
    expect(w.picturesOf(run.id).every((j) => j.status === "queued")).toBe(true);
    expect(w.credits.balance(m.userId!)).toBe(0);

    w.credits.repo.insertLot = insertLot;
    expect((await w.service.cancel(m, run.id)).refunded).toBe(6);
    expect(w.credits.balance(m.userId!)).toBe(6);
  });
});
