import { and, eq, inArray } from "drizzle-orm";
import { apiContract as api, PHOTO_CONSENT_VERSION } from "@rupa/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestServer,
  testServerForFile,
  testDriver,
  type TestClient,
  type TestServer,
} from "../../../test/harness";
import { signUpMember } from "../../../test/members";
import {
  generationJobs,
  photoConsents,
  processingLog,
  styles,
  uploads,
  users,
} from "../../db/schema";
import { photoForm } from "../../../test/face-photos";

/**
 * Consent before the first photo, its withdrawal, the retention choice and the processing log
 * (docs/product/privacy.md, ADR 044), through the API on both databases.
 */
const t = testServerForFile({ env: { TRUST_PROXY: "true" }, startQueue: false });

const db = () => t.ctx.db.db;
let png: Buffer;
const upload = (browser: TestClient) =>
  browser.call(api.uploads.upload, { body: photoForm(png, "me.png") });
const consent = (browser: TestClient, version = PHOTO_CONSENT_VERSION) =>
  browser.call(api.privacy.giveConsent, { body: { version } });
/** A member signed up without ticking the box (a Google sign-up, or one from before). */
async function memberWithoutConsent(): Promise<{ id: string; browser: TestClient }> {
  const m = await signUpMember(t, 0);
  await db().delete(photoConsents).where(eq(photoConsents.userId, m.id));
  await db().delete(processingLog).where(eq(processingLog.userId, m.id));
  return { id: m.id, browser: t.client.as(m.jar) };
}
async function memberWithConsent(server = t): Promise<{ id: string; browser: TestClient }> {
  const m = await signUpMember(server, 5);
  return { id: m.id, browser: server.client.as(m.jar) };
}

beforeAll(async () => {
  png = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#c98e66" } })
    .png()
    .toBuffer();
});

describe(`consent before the first photo on ${testDriver()}`, () => {
  it("refuses a guest's upload without consent (403 consent_required), takes it after", async () => {
    const guest = await t.client.guest({ consent: false });
    const before = (await db().select().from(uploads)).length;
    const refused = await upload(guest);
    expect(refused.status).toBe(403);
    expect(refused.error.code).toBe("consent_required");
    expect((await db().select().from(uploads)).length).toBe(before);

    const state = await guest.call(api.privacy.consent);
    expect(state.body).toMatchObject({ given: false, version: PHOTO_CONSENT_VERSION });
    expect(typeof state.body.provider).toBe("string");

    const given = await guest.call(api.privacy.giveConsent, {
      body: { version: PHOTO_CONSENT_VERSION },
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(given.status).toBe(200);
    expect(given.body.given).toBe(true);
    expect((await upload(guest)).status).toBe(201);
  });

  it("records a member's consent with its version, time and a keyed hash of the address", async () => {
    const m = await memberWithoutConsent();
    expect((await upload(m.browser)).error.code).toBe("consent_required");
    const res = await m.browser.call(api.privacy.giveConsent, {
      body: { version: PHOTO_CONSENT_VERSION },
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(res.status).toBe(200);
    const [row] = await db().select().from(photoConsents).where(eq(photoConsents.userId, m.id));
    expect(row).toMatchObject({ version: PHOTO_CONSENT_VERSION, withdrawnAt: null });
    expect(row!.givenAt).toBeInstanceOf(Date);
    // The address is never stored as such: an HMAC keyed with the server secret.
    expect(row!.ipHash).toMatch(/^[\w-]{40,}$/);
    expect(row!.ipHash).not.toContain("203.0.113.9");
    expect(row!.ipHash).toBe(t.ctx.services.guests.ipHash("203.0.113.9"));
    expect((await upload(m.browser)).status).toBe(201);
  });

  it("takes the box ticked at sign-up as consent", async () => {
    const m = await memberWithConsent();
    expect((await m.browser.call(api.privacy.consent)).body.given).toBe(true);
    expect((await upload(m.browser)).status).toBe(201);
  });

  it("asks again when the text has a new version, and refuses a stale one", async () => {
    const m = await memberWithConsent();
    // Consent on record to an older text.
    await db()
      .update(photoConsents)
      .set({ version: PHOTO_CONSENT_VERSION - 1 })
      .where(eq(photoConsents.userId, m.id));
    const state = await m.browser.call(api.privacy.consent);
    expect(state.body).toMatchObject({ given: false, givenVersion: PHOTO_CONSENT_VERSION - 1 });
    expect((await upload(m.browser)).error.code).toBe("consent_required");
    const stale = await consent(m.browser, PHOTO_CONSENT_VERSION + 1);
    expect(stale.status).toBe(409);
    expect(stale.error.code).toBe("consent_version_stale");
    expect((await consent(m.browser)).status).toBe(200);
    expect((await upload(m.browser)).status).toBe(201);
  });
});

describe(`withdrawing consent on ${testDriver()}`, () => {
  it("deletes the source photos and blocks new uploads and generations", async () => {
    const m = await memberWithConsent();
    const first = await upload(m.browser);
    const second = await upload(m.browser);
    const ids = [first.body.upload.id, second.body.upload.id];
    const rows = await db().select().from(uploads).where(eq(uploads.userId, m.id));
    const keys = rows.flatMap((r) => [r.originalKey!, r.croppedKey!, r.thumbKey!]);
    for (const key of keys) expect(await t.ctx.storage.exists("user-uploads", key)).toBe(true);

    const res = await m.browser.call(api.privacy.withdrawConsent);
    expect(res.status).toBe(200);
    expect(res.body.photosDeleted).toBe(2);
    for (const key of keys) expect(await t.ctx.storage.exists("user-uploads", key)).toBe(false);
    for (const id of ids) {
      const [row] = await db().select().from(uploads).where(eq(uploads.id, id));
      expect(row!.originalDeletedAt).toBeInstanceOf(Date);
    }
    expect((await m.browser.call(api.privacy.consent)).body.given).toBe(false);
    expect((await upload(m.browser)).error.code).toBe("consent_required");
    const [style] = await db().select().from(styles).where(eq(styles.slug, "anime-shonen"));
    const start = await m.browser.call(api.generations.start, {
      body: { uploadId: ids[0]!, styleId: style!.id },
    });
    expect(start.status).toBe(403);
    expect(start.error.code).toBe("consent_required");

    const log = await m.browser.call(api.privacy.processingLog, { query: { page: 1, limit: 10 } });
    const kinds = log.body.entries.map((e) => e.kind);
    expect(kinds).toEqual(["photos_deleted", "consent_withdrawn", "consent_given"]);
    expect(log.body.entries[0]).toMatchObject({ reason: "request", count: 2 });
  });
});

/**
 * The member's retention choice, run by the clean-up at fake times on `server`'s store: the
 * photo's row is marked and its files (original, crop, thumbnail) are gone from storage.
 */
async function retentionScenario(server: TestServer): Promise<void> {
  const db = () => server.ctx.db.db;
  const day = await memberWithConsent(server);
  const week = await memberWithConsent(server);
  const asap = await memberWithConsent(server);
  expect(
    (await week.browser.call(api.privacy.retention, { body: { retention: "7d" } })).body.retention,
  ).toBe("7d");
  await asap.browser.call(api.privacy.retention, { body: { retention: "after_avatars" } });
  const [u] = await db().select().from(users).where(eq(users.id, asap.id));
  expect(u!.photoRetention).toBe("after_avatars");

  const ids: Record<string, string> = {};
  for (const [name, m] of Object.entries({ day, week, asap })) {
    ids[name] = (await upload(m.browser)).body.upload.id;
  }
  const [uploadedAt] = await db().select().from(uploads).where(eq(uploads.id, ids.day!));
  const at = (h: number) => new Date(uploadedAt!.createdAt.getTime() + h * 3_600_000);
  // The files each photo has (the row forgets them once they are deleted).
  const filesOf = new Map<string, string[]>();
  for (const row of await db()
    .select()
    .from(uploads)
    .where(inArray(uploads.id, Object.values(ids))))
    filesOf.set(
      row.id,
      [row.originalKey, row.croppedKey, row.thumbKey].filter((k) => k !== null),
    );
  const gone = async (id: string) => {
    const [row] = await db().select().from(uploads).where(eq(uploads.id, id));
    const deleted = row!.originalDeletedAt !== null;
    expect(filesOf.get(id)!.length).toBeGreaterThan(0);
    // The row and the store agree: every file kept, or every file gone.
    for (const key of filesOf.get(id)!)
      expect(await server.ctx.storage.exists("user-uploads", key)).toBe(!deleted);
    return deleted;
  };
  const run = (now: Date) => server.ctx.services.uploads.deleteDuePhotos(now);

  // An hour on: nothing is due.
  await run(at(1));
  for (const id of Object.values(ids)) expect(await gone(id)).toBe(false);

  // An avatar from the "right after" photo, queued (as the job kit's row stands then).
  await db().insert(generationJobs).values({
    kind: "avatar",
    userId: asap.id,
    uploadId: ids.asap!,
    provider: "local",
    status: "queued",
  });
  await run(at(1));
  expect(await gone(ids.asap!)).toBe(false); // still queued: kept for it
  // It finished: the photo goes at the next run.
  await db()
    .update(generationJobs)
    .set({ status: "succeeded" })
    .where(eq(generationJobs.uploadId, ids.asap!));
  await run(at(2));
  expect(await gone(ids.asap!)).toBe(true);
  expect(await gone(ids.day!)).toBe(false);

  // A day on: the 24-hour photo goes, the 7-day one stays.
  await run(at(25));
  expect(await gone(ids.day!)).toBe(true);
  expect(await gone(ids.week!)).toBe(false);
  await run(at(24 * 7 - 1));
  expect(await gone(ids.week!)).toBe(false);
  await run(at(24 * 7 + 1));
  expect(await gone(ids.week!)).toBe(true);

  // Each deletion is in its owner's log, with its reason.
  const [entry] = await db()
    .select()
    .from(processingLog)
    .where(and(eq(processingLog.userId, week.id), eq(processingLog.kind, "photos_deleted")));
  expect(entry!.detail).toEqual({ reason: "retention", count: 1 });
}

describe(`retention the member chooses on ${testDriver()} (a fake clock)`, () => {
  it("deletes after 24 hours by default, after 7 days when chosen, and after the avatars when chosen", async () => {
    await retentionScenario(t);
  });

  describe("with the photos on S3", () => {
    let onS3: TestServer;
    beforeAll(async () => {
      onS3 = await createTestServer({ s3: true, startQueue: false });
    });
    afterAll(() => onS3?.close());
    it("deletes the files from the S3 store at the same times", async () => {
      expect(onS3.ctx.storage.driver).toBe("s3");
      await retentionScenario(onS3);
    });
  });
});

describe(`the processing log on ${testDriver()}`, () => {
  it("is the owner's only, paged, newest first", async () => {
    const m = await memberWithConsent();
    await t.ctx.services.privacy.photoSent({ userId: m.id, guestTrialId: null }, "replicate");
    const other = await memberWithConsent();
    const mine = await m.browser.call(api.privacy.processingLog, { query: { page: 1, limit: 1 } });
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(2);
    expect(mine.body.entries).toHaveLength(1);
    expect(mine.body.entries[0]).toMatchObject({ kind: "photo_sent", provider: "replicate" });
    const page2 = await m.browser.call(api.privacy.processingLog, { query: { page: 2, limit: 1 } });
    expect(page2.body.entries[0]).toMatchObject({ kind: "consent_given", version: 1 });
    // Another member sees only theirs; a guest or a stranger none.
    const theirs = await other.browser.call(api.privacy.processingLog);
    expect(theirs.body.entries.map((e) => e.kind)).toEqual(["consent_given"]);
    expect((await t.client.call(api.privacy.processingLog)).status).toBe(401);
    expect((await (await t.client.guest()).call(api.privacy.processingLog)).status).toBe(401);
  });
});
