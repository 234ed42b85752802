import { and, eq, sql } from "drizzle-orm";
import { apiContract as api } from "@rupa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeReplicate,
  type GenerationServer,
  startGenerationServer,
} from "../../test/fake-replicate";
import { testDriver, type TestServer } from "../../test/harness";
import { facePhoto, photoForm } from "../../test/face-photos";
import { signUpMember } from "../../test/members";
import { creditLots, generationJobs, results, styles } from "../db/schema";

// Issue 10 item 1: every status change of a generation is conditional on the state it leaves
// and on the attempt that holds it; a duplicate result is success; a live heartbeat is never
// taken over; a recorded provider prediction is resumed.
let t: TestServer;
let fake: FakeReplicate;
let useProvider: GenerationServer["useProvider"];
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, fake, useProvider, close } = await startGenerationServer({
    GENERATION_TIMEOUT_SECONDS: "150",
  }));
});
afterAll(() => close());

const db = () => t.ctx.db.db;
const repo = () => t.ctx.services.generateWorker;
const photo = async () => photoForm(await facePhoto(0));
const row = async (id: string) =>
  (await db().select().from(generationJobs).where(eq(generationJobs.id, id)))[0]!;
const resultCount = async (id: string) =>
  (await db().select().from(results).where(eq(results.jobId, id))).length;
const refunds = async (userId: string) =>
  (
    await db()
      .select()
      .from(creditLots)
      .where(and(eq(creditLots.userId, userId), eq(creditLots.source, "refund")))
  ).length;

/** A member with one credit whose one generation has succeeded (through the queue). */
async function delivered(): Promise<{ id: string; userId: string }> {
  const member = await signUpMember(t, 1);
  const browser = t.client.as(member.jar);
  const up = await browser.call(api.uploads.upload, { body: await photo() });
  const uploadId = up.body.upload.id;
  const [style] = await db().select().from(styles).where(eq(styles.slug, "anime-shonen"));
  const res = await browser.call(api.generations.start, { body: { uploadId, styleId: style!.id } });
  const id = res.body.generation.id;
  const end = Date.now() + 25_000;
  while ((await row(id)).status !== "succeeded" && Date.now() < end)
    await new Promise((r) => setTimeout(r, 100));
  expect((await row(id)).status).toBe("succeeded");
  return { id, userId: member.id };
}

describe(`generation state changes on ${testDriver()}`, () => {
  it("leaves a delivered generation alone: no requeue, no failure, no second completion", async () => {
    await useProvider("local");
    const { id, userId } = await delivered();
    const gen = await row(id);
    const worker = repo();
    // The old "crash after a duplicate result" path: retry it, then fail it for good.
    await worker.retryOrFail(gen, "internal_error", "duplicate key");
    expect((await row(id)).status).toBe("succeeded");
    await worker.failForGood({ ...gen, attempts: 4 }, "internal_error", "gave up");
    expect((await row(id)).status).toBe("succeeded");
    expect(await refunds(userId)).toBe(0);
    expect(await resultCount(id)).toBe(1);
  });

  it("lets only the attempt holding a processing generation requeue or fail it", async () => {
    await useProvider("local");
    const { id, userId } = await delivered();
    await db().delete(results).where(eq(results.jobId, id));
    // Attempt 2 holds it now; attempt 1 (a run that lost its claim) comes back late.
    await db()
      .update(generationJobs)
      .set({ status: "processing", attempts: 2, heartbeatAt: sql`now()` })
      .where(eq(generationJobs.id, id));
    const stale = { ...(await row(id)), attempts: 1 };
    await repo().retryOrFail(stale, "internal_error", "late");
    expect((await row(id)).status).toBe("processing");
    await repo().failForGood(stale, "internal_error", "late");
    expect((await row(id)).status).toBe("processing");
    expect(await refunds(userId)).toBe(0);
    // The holder can.
    await repo().failForGood(await row(id), "provider_error", "for good");
    expect((await row(id)).status).toBe("failed");
    expect(await refunds(userId)).toBe(1);
  });

  it("takes a duplicate result as delivered: succeeded, one result, no retry and no refund", async () => {
    await useProvider("local");
    const { id, userId } = await delivered();
    // A second run of a generation whose result exists (its row went back to queued).
    await db()
      .update(generationJobs)
      .set({ status: "queued", finishedAt: null })
      .where(eq(generationJobs.id, id));
    await repo().handle(id);
    const after = await row(id);
    expect(after.status).toBe("succeeded");
    expect(await resultCount(id)).toBe(1);
    expect(await refunds(userId)).toBe(0);
  });

  it("never takes over a generation whose heartbeat is alive; takes over a silent one", async () => {
    await useProvider("local");
    const { id } = await delivered();
    await db().delete(results).where(eq(results.jobId, id));
    const worker = repo();
    await db()
      .update(generationJobs)
      .set({
        status: "processing",
        attempts: 1,
        startedAt: new Date(Date.now() - 3600_000),
        heartbeatAt: sql`now()`,
      })
      .where(eq(generationJobs.id, id));
    expect(await worker.recoverStale()).toBe(0);
    await worker.handle(id);
    expect((await row(id)).attempts).toBe(1);
    expect((await row(id)).status).toBe("processing");
    // The start-up sweep spares one claimed since this process started, even at 0 s.
    const since = new Date(Date.now() - 5_000);
    expect(await worker.recoverStale({ staleAfterSeconds: 0, silentSince: since })).toBe(0);
    expect((await row(id)).status).toBe("processing");
    // Silent for longer than three heartbeats: recovered, and then it completes.
    await db()
      .update(generationJobs)
      .set({ heartbeatAt: new Date(Date.now() - (worker.staleSeconds + 5) * 1000) })
      .where(eq(generationJobs.id, id));
    expect(await worker.recoverStale()).toBe(1);
    const end = Date.now() + 20_000;
    while ((await row(id)).status !== "succeeded" && Date.now() < end)
      await new Promise((r) => setTimeout(r, 100));
    expect((await row(id)).status).toBe("succeeded");
    expect(await resultCount(id)).toBe(1);
  });

  it("records the Replicate prediction and resumes it on the next attempt", async () => {
    await useProvider("replicate");
    const { id } = await delivered();
    const first = await row(id);
    expect(first.providerJobId).toMatch(/^p\d+$/);
    // Cut off mid-run: the prediction goes on at Replicate; the generation runs again.
    await db().delete(results).where(eq(results.jobId, id));
    await db()
      .update(generationJobs)
      .set({ status: "queued", finishedAt: null })
      .where(eq(generationJobs.id, id));
    const created = fake.predictions.size;
    await repo().handle(id);
    expect((await row(id)).status).toBe("succeeded");
    expect(fake.predictions.size).toBe(created);
    expect((await row(id)).providerJobId).toBe(first.providerJobId);
    await useProvider("local");
  });
});
