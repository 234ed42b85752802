import { apiContract as api } from "@rupa/shared";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GenerationServer, startGenerationServer } from "../../../test/fake-replicate";
import { type CookieJar, testDriver, type TestServer } from "../../../test/harness";
import { generationEnded } from "../../../test/generations";
import { signUpMember } from "../../../test/members";
import { facePhoto, photoForm } from "../../../test/face-photos";
import { creditLots, generationJobs, styles, uploads } from "../../db/schema";

/**
 * One photo made into several styles at once (POST /api/generations/batch) and the last photo
 * kept (GET /api/uploads/latest), against a real database: docs/product/generator.md.
 */
let t: TestServer;
let useProvider: GenerationServer["useProvider"];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, useProvider, close } = await startGenerationServer());
});
afterAll(() => close());

const db = () => t.ctx.db.db;
async function upload(jar: CookieJar): Promise<string> {
  const form = photoForm(await facePhoto(0));
  const res = await t.client.as(jar).call(api.uploads.upload, { body: form });
  expect(res.status).toBe(201);
  return res.body.upload.id;
}
/** `n` active styles anyone may use. */
async function freeStyles(n: number): Promise<string[]> {
  const rows = await db()
    .select({ id: styles.id })
    .from(styles)
    .where(and(eq(styles.isPremium, false), eq(styles.isActive, true)))
    .orderBy(styles.slug)
    .limit(n);
  expect(rows).toHaveLength(n);
  return rows.map((r) => r.id);
}
/** A signed-in member holding exactly `credits` bought credits. */
const member = (credits: number) => signUpMember(t, credits, { prefix: "b" });
const balance = async (userId: string) => (await t.ctx.services.credits.summary(userId)).balance;
const jobsOf = (userId: string) =>
  db().select().from(generationJobs).where(eq(generationJobs.userId, userId));
const waitFor = (id: string, jar: CookieJar, timeoutMs?: number) =>
  generationEnded(t.client.as(jar), id, timeoutMs);

describe(`a set of styles from one photo on ${testDriver()}`, () => {
  it("makes three avatars from one upload for three credits, shown in the gallery as one set", async () => {
    await useProvider("local");
    const m = await member(5);
    const uploadId = await upload(m.jar);
    const styleIds = await freeStyles(3);
    const res = await t.client
      .as(m.jar)
      .call(api.generations.batch, { body: { uploadId, styleIds, gender: "female" } });
    expect(res.status).toBe(202);
    const gens = res.body.generations;
    expect(gens.map((g) => g.styleId)).toEqual(styleIds);
    const batchId = gens[0]!.batchId;
    expect(batchId).toBeTruthy();
    expect(gens.every((g) => g.batchId === batchId && g.status === "queued")).toBe(true);
    expect(await balance(m.id)).toBe(2);
    // One spend per avatar, so each is refunded alone if it fails.
    const jobs = await jobsOf(m.id);
    expect(new Set(jobs.map((j) => j.spendId)).size).toBe(3);
    expect(jobs.every((j) => j.uploadId === uploadId)).toBe(true);

    for (const g of gens) expect((await waitFor(g.id, m.jar)).status).toBe("succeeded");
    const page = await t.client.as(m.jar).call(api.gallery.page, { query: {} });
    expect(page.body.items).toHaveLength(3);
    expect(page.body.items.every((i) => i.batch?.id === batchId && i.batch.size === 3)).toBe(true);
    // A single avatar is no set.
    const single = await t.client.as(m.jar).call(api.generations.start, {
      body: { uploadId, styleId: styleIds[0]! },
    });
    expect(single.body.generation.batchId).toBeNull();
    await waitFor(single.body.generation.id, m.jar);
    const after = await t.client.as(m.jar).call(api.gallery.page, { query: {} });
    expect(after.body.items[0]!.batch).toBeNull();
    // Four avatars one after another on the test's one worker: room for a loaded machine.
  }, 60_000);

  it("refuses six styles or a repeated one with 400, and a set above the balance with 402, spending nothing", async () => {
    const m = await member(2);
    const uploadId = await upload(m.jar);
    const six = await freeStyles(6);
    const tooMany = await t.client
      .as(m.jar)
      .call(api.generations.batch, { body: { uploadId, styleIds: six } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.error.issues?.[0]).toMatchObject({
      path: ["styleIds"],
      message: "too_many_styles",
    });
    const repeated = await t.client
      .as(m.jar)
      .call(api.generations.batch, { body: { uploadId, styleIds: [six[0]!, six[0]!] } });
    expect(repeated.status).toBe(400);
    expect(repeated.error.issues?.[0]).toMatchObject({ message: "repeated_style" });
    const none = await t.client
      .as(m.jar)
      .call(api.generations.batch, { body: { uploadId, styleIds: [] } });
    expect(none.status).toBe(400);

    const short = await t.client
      .as(m.jar)
      .call(api.generations.batch, { body: { uploadId, styleIds: six.slice(0, 3) } });
    expect(short.status).toBe(402);
    expect(short.error.code).toBe("insufficient_credits");
    expect(await balance(m.id)).toBe(2);
    expect(await jobsOf(m.id)).toHaveLength(0);
  });

  it("refuses a set with a premium style to a member without access, with nothing spent", async () => {
    const m = await member(5);
    const [premium] = await db().select().from(styles).where(eq(styles.isPremium, true)).limit(1);
    const res = await t.client.as(m.jar).call(api.generations.batch, {
      body: { uploadId: await upload(m.jar), styleIds: [...(await freeStyles(2)), premium!.id] },
    });
    expect(res.status).toBe(403);
    expect(res.error.code).toBe("premium_required");
    expect(await balance(m.id)).toBe(5);
    expect(await jobsOf(m.id)).toHaveLength(0);
  });

  it("never overspends one balance with sets sent at the same time", async () => {
    await useProvider("local");
    const m = await member(7);
    const uploadId = await upload(m.jar);
    const styleIds = await freeStyles(3);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.client.as(m.jar).call(api.generations.batch, { body: { uploadId, styleIds } }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    // 7 credits pay for two sets of three; the other four are refused whole.
    expect(statuses).toEqual([202, 202, 402, 402, 402, 402]);
    const jobs = await jobsOf(m.id);
    expect(jobs).toHaveLength(6);
    expect(new Set(jobs.map((j) => j.batchId)).size).toBe(2);
    expect(await balance(m.id)).toBe(1);
    const lots = await db().select().from(creditLots).where(eq(creditLots.userId, m.id));
    expect(lots.every((l) => l.remaining >= 0)).toBe(true);
  });

  it("refunds each failed avatar of a set on its own", async () => {
    await useProvider("replicate", "unauthorized");
    try {
      const m = await member(2);
      const res = await t.client.as(m.jar).call(api.generations.batch, {
        body: { uploadId: await upload(m.jar), styleIds: await freeStyles(2) },
      });
      expect(res.status).toBe(202);
      expect(await balance(m.id)).toBe(0);
      for (const g of res.body.generations)
        expect((await waitFor(g.id, m.jar)).status).toBe("failed");
      expect(await balance(m.id)).toBe(2);
      const refunds = await db()
        .select()
        .from(creditLots)
        .where(and(eq(creditLots.userId, m.id), isNotNull(creditLots.refundOfSpendId)));
      const spends = (await jobsOf(m.id)).map((j) => j.spendId).sort();
      expect(refunds.map((l) => l.refundOfSpendId).sort()).toEqual(spends);
      expect(refunds.every((l) => l.amount === 1)).toBe(true);
    } finally {
      await useProvider("local");
    }
  });

  it("gives a guest one style (the free try), never a set", async () => {
    const jar = (
      await t.client.guest({ fingerprint: `fp-batch-${Date.now()}-abcdefgh`, ip: "10.9.1.1" })
    ).jar!;
    const uploadId = await upload(jar);
    const two = await t.client
      .as(jar)
      .call(api.generations.batch, { body: { uploadId, styleIds: await freeStyles(2) } });
    expect(two.status).toBe(403);
    expect(two.error.code).toBe("batch_members_only");
    const one = await t.client
      .as(jar)
      .call(api.generations.batch, { body: { uploadId, styleIds: await freeStyles(1) } });
    expect(one.status).toBe(202);
    expect(one.body.generations[0]).toMatchObject({ watermark: true, batchId: null });
  });
});

describe(`the last photo kept on ${testDriver()}`, () => {
  it("offers the owner's newest kept photo with its check, to nobody else, until it is deleted or too old", async () => {
    const m = await member(0);
    const latest = () => t.client.as(m.jar).call(api.uploads.latest, { query: {} });
    expect((await latest()).body.upload).toBeNull();

    await upload(m.jar);
    const newest = await upload(m.jar);
    const res = await latest();
    expect(res.status).toBe(200);
    expect(res.body.upload).toMatchObject({ id: newest, status: "completed" });
    expect(res.body.upload!.thumbUrl).toBeTruthy();
    expect(res.body.upload!.check?.verdict).toBe("ok");

    // Another member, a guest and a visitor without a session see none of it.
    const other = await member(0);
    expect(
      (await t.client.as(other.jar).call(api.uploads.latest, { query: {} })).body.upload,
    ).toBeNull();
    const guestJar = (
      await t.client.guest({ fingerprint: `fp-latest-${Date.now()}-abcdefgh`, ip: "10.9.2.1" })
    ).jar!;
    expect(
      (await t.client.as(guestJar).call(api.uploads.latest, { query: {} })).body.upload,
    ).toBeNull();
    expect((await t.client.call(api.uploads.latest, { query: {} })).body.upload).toBeNull();
    // A guest's own photo, named by the browser that sent it: a session resumed elsewhere by the
    // same fingerprint, which does not know the id, is shown nothing.
    const guestPhoto = await upload(guestJar);
    const guestLatest = (id?: string) =>
      t.client.as(guestJar).call(api.uploads.latest, { query: id ? { id } : {} });
    expect((await guestLatest(guestPhoto)).body.upload?.id).toBe(guestPhoto);
    expect((await guestLatest()).body.upload).toBeNull();
    expect((await guestLatest(newest)).body.upload).toBeNull();

    // Its files deleted by the clean-up: the one before it, then none once it is too old.
    await db()
      .update(uploads)
      .set({ croppedKey: null, originalKey: null, thumbKey: null, originalDeletedAt: sql`now()` })
      .where(eq(uploads.id, newest));
    const previous = (await latest()).body.upload;
    expect(previous?.id).not.toBe(newest);
    expect(previous).not.toBeNull();
    await db()
      .update(uploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(uploads.id, [previous!.id]));
    expect((await latest()).body.upload).toBeNull();
  });
});
