import { eq } from "drizzle-orm";
import { apiContract as api } from "@rupa/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { testServerForFile, testDriver } from "../../../test/harness";
import { signUpMember } from "../../../test/members";
import { guestTrials, uploads } from "../../db/schema";
import {
  DECODE_QUEUE,
  DECODE_SLOTS,
  MAX_PIXELS,
  photoDecodes,
} from "../../infra/images/photo-pipeline";
import { photoForm } from "../../../test/face-photos";

const t = testServerForFile({ env: { TRUST_PROXY: "true" }, startQueue: false });

const db = () => t.ctx.db.db;
const pngForm = (bytes: Buffer) => photoForm(bytes, "me.png");
/** A flat PNG: tens of megapixels compress to a few hundred kilobytes (a decompression bomb). */
const flatPng = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#c98e66" } })
    .png()
    .toBuffer();

const guest = () => t.client.guest();
/** A new member, signed in in `browser` (or a new one). */
async function signIn(browser = t.client) {
  const member = await signUpMember(t, 0, { keepBonus: true });
  return browser.signIn(member.email, "rahasia123");
}
const uploadCount = async () => (await db().select({ id: uploads.id }).from(uploads)).length;

describe(`upload decoding on ${testDriver()}`, () => {
  it("decodes at most DECODE_SLOTS photos at once, whatever arrives together", async () => {
    const browser = await guest();
    const png = await flatPng(2000, 2000);
    photoDecodes.resetPeak();
    const answers = await Promise.all(
      Array.from({ length: DECODE_SLOTS + 2 }, () =>
        browser.call(api.uploads.upload, { body: pngForm(png) }),
      ),
    );
    for (const res of answers) expect([201, 503]).toContain(res.status);
    expect(answers.filter((r) => r.status === 201).length).toBeGreaterThan(0);
    expect(photoDecodes.peak).toBeGreaterThan(0);
    expect(photoDecodes.peak).toBeLessThanOrEqual(DECODE_SLOTS);
  });

  it("answers 503 upload_busy with Retry-After, before reading the body, when the queue is full", async () => {
    const browser = await guest();
    const png = await flatPng(800, 800);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held = Array.from({ length: DECODE_SLOTS + DECODE_QUEUE }, () =>
      photoDecodes.run(() => gate),
    );
    try {
      expect(photoDecodes.full).toBe(true);
      const before = await uploadCount();
      const res = await browser.call(api.uploads.upload, { body: pngForm(png) });
      expect(res.status).toBe(503);
      expect(res.error.code).toBe("upload_busy");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await uploadCount()).toBe(before);
    } finally {
      release();
      await Promise.all(held);
    }
    const again = await browser.call(api.uploads.upload, { body: pngForm(png) });
    expect(again.status).toBe(201);
  });

  it("refuses a photo over the phone-camera pixel cap as photo_too_many_pixels", async () => {
    expect(MAX_PIXELS).toBeLessThanOrEqual(25_000_000);
    const browser = await guest();
    // 6300x6300 = 39.7 MP: accepted under the old 40 MP cap, about 120 MB of pixels per decode.
    const res = await browser.call(api.uploads.upload, {
      body: pngForm(await flatPng(6300, 6300)),
    });
    expect(res.status).toBe(422);
    expect(res.error.code).toBe("photo_too_many_pixels");
  });
});

describe(`upload and the guest trial on ${testDriver()}`, () => {
  it("lets a guest with an unused trial upload, refuses one whose trial is used", async () => {
    const png = await flatPng(800, 800);
    const browser = await guest();
    const first = await browser.call(api.uploads.upload, { body: pngForm(png) });
    expect(first.status).toBe(201);
    const [row] = await db().select().from(uploads).where(eq(uploads.id, first.body.upload.id));
    const trialId = row!.guestTrialId;
    expect(trialId).toBeTruthy();
    // Used, as a finished trial generation leaves it.
    await db()
      .update(guestTrials)
      .set({ generationCount: 1, lastUsedAt: new Date() })
      .where(eq(guestTrials.id, trialId!));
    const before = await uploadCount();
    const refused = await browser.call(api.uploads.upload, { body: pngForm(png) });
    expect(refused.status).toBe(403);
    expect(refused.error.code).toBe("guest_trial_used");
    expect(await uploadCount()).toBe(before);

    // The same browser, signed in, uploads as the member whatever its guest cookie says.
    await signIn(browser);
    expect((await browser.call(api.uploads.upload, { body: pngForm(png) })).status).toBe(201);
  });

  it("always lets a signed-in member upload", async () => {
    const browser = await signIn();
    const res = await browser.call(api.uploads.upload, {
      body: pngForm(await flatPng(800, 800)),
    });
    expect(res.status).toBe(201);
  });
});

describe(`the 24-hour promise on ${testDriver()}`, () => {
  it("deletes an original photo and its crops 24 hours after upload, and keeps younger ones", async () => {
    const browser = await signIn();
    const png = await flatPng(800, 800);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await browser.call(api.uploads.upload, { body: pngForm(png) });
      expect(res.status).toBe(201);
      ids.push(res.body.upload.id);
    }
    const [old, almost, fresh] = ids as [string, string, string];
    const ago = (hours: number) => new Date(Date.now() - hours * 3600_000);
    await db()
      .update(uploads)
      .set({ createdAt: ago(25) })
      .where(eq(uploads.id, old));
    await db()
      .update(uploads)
      .set({ createdAt: ago(23) })
      .where(eq(uploads.id, almost));
    const [before] = await db().select().from(uploads).where(eq(uploads.id, old));
    const keys = [before!.originalKey, before!.croppedKey, before!.thumbKey];
    for (const key of keys) expect(await t.ctx.storage.exists("user-uploads", key!)).toBe(true);

    // The step the hourly clean-up job runs (bootstrap.ts registerJobs).
    expect(await t.ctx.services.uploads.deleteDuePhotos()).toBe(1);

    for (const key of keys) expect(await t.ctx.storage.exists("user-uploads", key!)).toBe(false);
    const rows = await db().select().from(uploads);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(old)).toMatchObject({ originalKey: null, croppedKey: null, thumbKey: null });
    expect(byId.get(old)!.originalDeletedAt).toBeInstanceOf(Date);
    for (const id of [almost, fresh]) {
      const row = byId.get(id)!;
      expect(row.originalDeletedAt).toBeNull();
      expect(await t.ctx.storage.exists("user-uploads", row.originalKey!)).toBe(true);
    }
    // Run again: nothing more to do.
    expect(await t.ctx.services.uploads.deleteDuePhotos()).toBe(0);
  });
});
