import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiContract as api,
  adminUploadsPageSchema,
  analyticsResponseSchema,
  auditPageSchema,
  dashboardResponseSchema,
} from "@rupa/shared";
import { createTestServer, testDriver, type TestServer } from "../../../test/harness";
import {
  auditLog,
  creditLots,
  creditSpends,
  generationJobs,
  results,
  styles,
  uploads,
  users,
} from "../../db/schema";
import { newObjectKey } from "../../infra/storage/storage";
import { createAdminInsightsRepository } from "./admin-insights.repository";
import { addDays, createAdminInsightsService, jakartaDay } from "./admin-insights.service";

/**
 * The admin Dashboard, Analytics and Uploads routes on a real database: the figures are the
 * rows inserted here (counted in Asia/Jakarta days), the queries are validated, and deleting an
 * upload removes its row and files with an audit row written in the same transaction.
 */

let t: TestServer;
let adminId: string;
let styleA: { id: string; name: string };
let styleB: { id: string; name: string };

const db = () => t.ctx.db.db;
const today = () => jakartaDay(Date.now());
/** An instant on a Jakarta day, `hh:mm` WIB. */
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+07:00`);

async function newUser(email = `${randomUUID().slice(0, 8)}@example.com`, createdAt?: Date) {
  const id = `u_${randomUUID()}`;
  await db().insert(users).values({ id, email, fullName: "Sari", emailVerified: true, createdAt });
  return id;
}

async function newUpload(userId: string, opts: { createdAt?: Date; files?: boolean } = {}) {
  const owner = { kind: "user" as const, id: userId };
  const keys = {
    originalKey: newObjectKey(owner, "jpg"),
    croppedKey: newObjectKey(owner, "jpg", "crop"),
    thumbKey: newObjectKey(owner, "webp", "thumb"),
  };
  if (opts.files !== false) {
    for (const k of Object.values(keys)) {
      await t.ctx.storage.put("user-uploads", k, new Uint8Array([1, 2, 3]));
    }
  }
  const [row] = await db()
    .insert(uploads)
    .values({
      userId,
      ...keys,
      status: "completed",
      createdAt: opts.createdAt,
      completedAt: opts.createdAt ?? new Date(),
    })
    .returning({ id: uploads.id });
  return { id: row!.id, ...keys };
}

async function newResult(userId: string, styleId: string, createdAt?: Date, uploadId?: string) {
  await db()
    .insert(results)
    .values({ userId, styleId, uploadId, imageKey: `u-${userId}/x.jpg`, createdAt });
}

beforeAll(async () => {
  t = await createTestServer({ startQueue: false });
  adminId = await newUser("boss@rupa.test");
  const seeded = await db()
    .select({ id: styles.id, name: styles.name })
    .from(styles)
    .orderBy(styles.name)
    .limit(2);
  [styleA, styleB] = [seeded[0]!, seeded[1]!];
  // The requests are the admin's unless a test says otherwise.
  t.actAs({ userId: adminId, isAdmin: true });
});
afterAll(() => t.close());

describe(`admin dashboard and analytics (${testDriver()})`, () => {
  it("counts what is in the database, by Asia/Jakarta day, zero-filled", async () => {
    const member = await newUser("member@example.com", at(addDays(today(), -1), "00:30"));
    // 00:30 WIB yesterday is still the day before yesterday in UTC: counted as yesterday.
    await newResult(member, styleA.id, at(addDays(today(), -1), "00:30"));
    await newResult(member, styleA.id, at(addDays(today(), -1), "23:50"));
    await newResult(member, styleA.id);
    await newResult(member, styleB.id);
    await newResult(member, styleB.id, at(addDays(today(), -20), "12:00"));
    await newUpload(member, { files: false });
    await newUpload(member, { files: false, createdAt: at(addDays(today(), -3), "08:00") });
    const [spend] = await db()
      .insert(creditSpends)
      .values([
        { userId: member, reason: "avatar", amount: 1 },
        { userId: member, reason: "avatar", amount: 1 },
        { userId: member, reason: "kanvas", amount: 2 },
        { userId: member, reason: "admin_adjustment", amount: 5 },
      ])
      .returning({ id: creditSpends.id });
    await db().insert(creditLots).values({
      userId: member,
      source: "refund",
      amount: 1,
      remaining: 1,
      refundOfSpendId: spend!.id,
    });

    const res = await t.client.call(api.adminInsights.dashboard);
    expect(res.status).toBe(200);
    const dash = dashboardResponseSchema.parse(res.json);
    const activeStyles = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(styles)
      .where(sql`is_active AND deleted_at IS NULL`);
    expect(dash.totals).toEqual({
      users: 2,
      results: 5,
      activeStyles: Number(activeStyles[0]!.n),
      creditsUsed: 3, // 1 + 1 + 2 spent on images, less 1 refunded (the adjustment is not usage)
    });
    expect(dash.days.map((d) => d.date)).toEqual(
      [-6, -5, -4, -3, -2, -1, 0].map((n) => addDays(today(), n)),
    );
    const byDay = Object.fromEntries(dash.days.map((d) => [d.date, d]));
    expect(byDay[addDays(today(), -1)]).toMatchObject({ generations: 2, uploads: 0, newUsers: 1 });
    expect(byDay[today()]).toMatchObject({ generations: 2, uploads: 1, newUsers: 1 });
    expect(byDay[addDays(today(), -3)]).toMatchObject({ generations: 0, uploads: 1 });
    expect(byDay[addDays(today(), -6)]).toMatchObject({ generations: 0, uploads: 0, newUsers: 0 });
    expect(dash.topStyles.slice(0, 2)).toMatchObject([
      { rank: 1, styleId: styleA.id, count: 3 },
      { rank: 2, styleId: styleB.id, count: 2 },
    ]);
    expect(dash.recentResults).toHaveLength(5);
    expect(dash.recentResults[0]).toMatchObject({ ownerEmail: "member@example.com" });
    expect(dash.recentResults[0]!.imageUrl).toMatch(/^\/api\/files\/generated-avatars\//);

    // The health figure is the health service's own verdict (GET /api/health as an admin).
    const health = await t.client.call(api.health.health);
    expect(dash.health).toBe(health.status === 200 ? "healthy" : "error");
  });

  it("answers a range of days with the range's bars and top styles", async () => {
    const res = await t.client.call(api.adminInsights.analytics, {
      query: { from: addDays(today(), -29), to: today() },
    });
    expect(res.status).toBe(200);
    const a = analyticsResponseSchema.parse(res.json);
    expect(a.days).toHaveLength(30);
    expect(a.totals).toMatchObject({ users: 2, generations: 5, uploads: 2 });
    expect(a.rangeTotals).toEqual({ generations: 5, uploads: 2, newUsers: 2 });
    expect(a.topStyles.map((s) => [s.rank, s.styleId, s.count])).toEqual([
      [1, styleA.id, 3],
      [2, styleB.id, 2],
    ]);
    // The default is the last 7 days; `days` asks for the last N.
    const week = analyticsResponseSchema.parse(
      (await t.client.call(api.adminInsights.analytics)).body,
    );
    expect(week).toMatchObject({ from: addDays(today(), -6), to: today() });
    expect(week.rangeTotals.generations).toBe(4);
    expect(week.topStyles.map((s) => s.count)).toEqual([3, 1]);
    const d90 = analyticsResponseSchema.parse(
      (await t.client.call(api.adminInsights.analytics, { query: { days: "90" } })).body,
    );
    expect(d90.days).toHaveLength(90);
  });

  it("refuses ranges it does not answer", async () => {
    for (const bad of [
      `from=${today()}&to=${addDays(today(), -1)}`,
      `from=${addDays(today(), -90)}&to=${today()}`,
      "from=2026-02-30",
      "from=yesterday",
      "days=0",
      "days=91",
      `days=7&from=${today()}`,
    ]) {
      expect((await t.client.raw(`/api/admin/analytics?${bad}`)).status, bad).toBe(400);
    }
    expect(
      (await t.client.call(api.adminInsights.analytics, { query: { from: addDays(today(), -89) } }))
        .status,
    ).toBe(200);
  });
});

describe(`admin uploads (${testDriver()})`, () => {
  it("pages, searches by owner e-mail, filters by status and sends no secrets", async () => {
    const owner = await newUser("Finder.Person@example.com");
    const mine = await newUpload(owner);
    // Later than `mine` by whole seconds: the embedded database's clock can give rows inserted
    // within the same millisecond one timestamp, and the order by time would be a coin toss.
    const later = (s: number) => new Date(Date.now() + s * 1000);
    const [failed] = await db()
      .insert(uploads)
      .values({ userId: owner, status: "failed", errorCode: "no_face", createdAt: later(1) })
      .returning({ id: uploads.id });
    const [expired] = await db()
      .insert(uploads)
      .values({
        userId: owner,
        status: "completed",
        originalDeletedAt: new Date(),
        createdAt: later(2),
      })
      .returning({ id: uploads.id });

    const page = adminUploadsPageSchema.parse(
      (await t.client.call(api.adminInsights.uploads, { query: { q: "finder.person" } })).body,
    );
    expect(page.total).toBe(3);
    expect(page.items[0]!.id).toBe(expired!.id); // newest first
    const row = page.items.find((u) => u.id === mine.id)!;
    expect(row).toMatchObject({
      owner: { kind: "user", email: "Finder.Person@example.com" },
      status: "completed",
      originalUrl: `/api/files/user-uploads/${mine.originalKey}`,
      croppedUrl: `/api/files/user-uploads/${mine.croppedKey}`,
    });
    expect(page.items.find((u) => u.id === expired!.id)).toMatchObject({ originalUrl: null });

    const onlyFailed = adminUploadsPageSchema.parse(
      (await t.client.call(api.adminInsights.uploads, { query: { q: "finder", status: "failed" } }))
        .body,
    );
    expect(onlyFailed.items.map((u) => u.id)).toEqual([failed!.id]);
    const small = adminUploadsPageSchema.parse(
      (
        await t.client.call(api.adminInsights.uploads, {
          query: { q: "finder", pageSize: "10", sort: "createdAt.asc" },
        })
      ).body,
    );
    expect(small.items[0]!.id).toBe(mine.id);
    expect(
      (await t.client.call(api.adminInsights.uploads, { query: { q: "%" } })).body,
    ).toMatchObject({ total: 0 });

    for (const bad of [
      "status=lost",
      "pageSize=7",
      "sort=email.asc",
      "page=0",
      `q=${"x".repeat(101)}`,
    ]) {
      expect((await t.client.raw(`/api/admin/uploads?${bad}`)).status, bad).toBe(400);
    }
    const { text } = await t.client.call(api.adminInsights.uploads);
    expect(text).not.toMatch(/password|token|secret|hash/i);

    // An admin may open a member's original through /api/files (the owner check lets admins in).
    expect((await t.client.raw(row.originalUrl!)).status).toBe(200);
    t.actAs({ userId: await newUser() });
    expect((await t.client.raw(row.originalUrl!)).status).toBe(404);
  });

  it("deletes the row and the files, keeps the results, and writes the audit row", async () => {
    const owner = await newUser();
    const up = await newUpload(owner);
    await newResult(owner, styleA.id, undefined, up.id);

    t.actAs({ userId: adminId, isAdmin: true });
    const res = await t.client.call(api.adminInsights.deleteUpload, {
      params: { id: up.id },
      headers: { "user-agent": "vitest-admin" },
    });
    expect(res.status).toBe(200);
    expect(await db().select().from(uploads).where(eq(uploads.id, up.id))).toEqual([]);
    for (const k of [up.originalKey, up.croppedKey, up.thumbKey]) {
      expect(await t.ctx.storage.exists("user-uploads", k)).toBe(false);
    }
    const kept = await db().select().from(results).where(eq(results.userId, owner));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.uploadId).toBeNull();

    const audit = auditPageSchema.parse(
      (await t.client.call(api.audit.list, { query: { entityType: "upload", entityId: up.id } }))
        .body,
    );
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      action: "upload.deleted",
      actor: { id: adminId, email: "boss@rupa.test" },
      before: { status: "completed", originalKey: up.originalKey, owner: { id: owner } },
    });

    // Gone: the same 404 as an id that never existed.
    t.actAs({ userId: adminId, isAdmin: true });
    const again = await t.client.call(api.adminInsights.deleteUpload, { params: { id: up.id } });
    expect(again.status).toBe(404);
    expect(again.error.message).toBe("Upload not found");
    expect(
      (await t.client.call(api.adminInsights.deleteUpload, { params: { id: "not-a-uuid" } }))
        .status,
    ).toBe(404);
  });

  it("refuses while a generation uses the upload, and a failed delete leaves no audit row", async () => {
    const owner = await newUser();
    const up = await newUpload(owner);
    await db().insert(generationJobs).values({
      kind: "avatar",
      status: "queued",
      userId: owner,
      uploadId: up.id,
      provider: "local",
    });
    t.actAs({ userId: adminId, isAdmin: true });
    const busy = await t.client.call(api.adminInsights.deleteUpload, { params: { id: up.id } });
    expect(busy.status).toBe(409);
    expect(await db().select().from(uploads).where(eq(uploads.id, up.id))).toHaveLength(1);
    expect(await t.ctx.storage.exists("user-uploads", up.originalKey)).toBe(true);

    // The delete itself fails after its audit row was written: both roll back together.
    const other = await newUpload(owner);
    const failing = createAdminInsightsService({
      db: db(),
      repo: createAdminInsightsRepository(db()),
      audit: {
        write: async (tx, e) => {
          await t.ctx.services.audit.write(tx, e);
          throw new Error("the delete failed");
        },
      },
      storage: t.ctx.storage,
      health: () => Promise.resolve({ status: "healthy" }),
      log: { warn: () => undefined },
    });
    await expect(
      failing.deleteUpload(other.id, { userId: adminId, ip: null, userAgent: null }),
    ).rejects.toThrow("the delete failed");
    expect(await db().select().from(uploads).where(eq(uploads.id, other.id))).toHaveLength(1);
    expect(await t.ctx.storage.exists("user-uploads", other.originalKey)).toBe(true);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} IN (${up.id}, ${other.id})`);
    expect(rows).toEqual([]);
  });
});
