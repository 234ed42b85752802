import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiContract as api, analyticsResponseSchema, dashboardResponseSchema } from "@rupa/shared";
import { adminRows } from "../../../test/admin-rows";
import { testServerForFile, testDriver } from "../../../test/harness";
import { creditLots, creditSpends, styles } from "../../db/schema";
import { addDays, jakartaDay } from "./stats.rules";

/**
 * The admin Dashboard and Analytics routes on a real database: the figures they share
 * (stats.repository.ts) are the rows inserted here, counted in Asia/Jakarta days, and the
 * queries are validated.
 */

const t = testServerForFile({ startQueue: false });
let adminId: string;
let styleA: { id: string; name: string };
let styleB: { id: string; name: string };

const db = () => t.ctx.db.db;
const { newUser, newUpload, newResult, twoStyles } = adminRows(() => t);

beforeAll(async () => {
  adminId = await newUser("boss@rupa.test");
  [styleA, styleB] = await twoStyles();
  // The requests are the admin's unless a test says otherwise.
  t.actAs({ userId: adminId, isAdmin: true });
});

const today = () => jakartaDay(Date.now());
/** An instant on a Jakarta day, `hh:mm` WIB. */
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+07:00`);

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
