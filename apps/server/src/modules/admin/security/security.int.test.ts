import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { apiContract as api, securityEventsPageSchema, securityOverviewSchema } from "@rupa/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { CookieJar, testServerForFile, testDriver } from "../../../../test/harness";
import { appSettings, auditLog, creditLots, securityEvents, users } from "../../../db/schema";
import { SUSPICIOUS_ACCOUNTS, SUSPICIOUS_DELAY_SECONDS } from "../../security/suspicious-activity";

const t = testServerForFile({ env: { TRUST_PROXY: "true" } });
let adminId: string;
let memberId: string;

const insertUser = (email?: string) =>
  t.insertUser({ fullName: "Sari Wulandari", ...(email ? { email } : {}) });

beforeAll(async () => {
  adminId = await insertUser(`admin-${randomUUID()}@example.com`);
  memberId = await insertUser();
});

const asAdmin = () => t.actAs({ userId: adminId, isAdmin: true });

const defaults = {
  rateLimitEnabled: true,
  apiRequestsPerHour: 3000,
  emailVerificationRequired: true,
  suspiciousActivityDetection: true,
};

async function saveSecurity(settings: Partial<typeof defaults>) {
  asAdmin();
  const res = await t.client.call(api.adminSystem.saveSecuritySettings, {
    body: { ...defaults, ...settings },
  });
  t.actAs(null);
  return res;
}

const auditRows = (action: string) =>
  t.ctx.db.db.select().from(auditLog).where(eq(auditLog.action, action));

describe(`admin Security on ${testDriver()}`, () => {
  it("saves settings with one audit row of what changed, and refuses bad input", async () => {
    asAdmin();
    for (const bad of [
      { ...defaults, apiRequestsPerHour: 0 },
      { ...defaults, apiRequestsPerHour: "lots" },
      { ...defaults, extra: true },
      { rateLimitEnabled: false },
    ]) {
      const res = await t.client.raw(api.adminSystem.saveSecuritySettings, { body: bad });
      expect(res.status).toBe(400);
    }
    expect(await auditRows("setting.updated")).toHaveLength(0);
    const res = await saveSecurity({ apiRequestsPerHour: 5000 });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...defaults, apiRequestsPerHour: 5000 });
    const rows = await auditRows("setting.updated");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entityType: "setting",
      before: { rate_limit_api_per_hour: "3000" },
      after: { rate_limit_api_per_hour: "5000" },
    });
    // Saving the same values again changes nothing and writes nothing.
    await saveSecurity({ apiRequestsPerHour: 5000 });
    expect(await auditRows("setting.updated")).toHaveLength(1);
    await saveSecurity({});
    asAdmin();
    const overview = securityOverviewSchema.parse(
      (await t.client.call(api.adminSystem.security)).body,
    );
    expect(overview.settings).toEqual(defaults);
    t.actAs(null);
  });

  it("answers 429 with Retry-After over a lowered API limit, once recorded; off lets all through", async () => {
    await saveSecurity({ apiRequestsPerHour: 5 });
    const ip = "10.99.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await t.client.call(api.styles.summary, { ip })).status);
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    const limited = await t.client.call(api.styles.summary, { ip });
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // Health checks and other addresses are not limited.
    expect((await t.client.call(api.health.health, { ip })).status).toBe(200);
    expect((await t.client.call(api.health.live, { ip })).status).toBe(200);
    expect((await t.client.call(api.health.ready, { ip })).status).toBe(200);
    expect((await t.client.call(api.styles.summary, { ip: "10.99.0.2" })).status).not.toBe(429);
    const events = await t.ctx.db.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "rate_limited"), eq(securityEvents.ip, ip)));
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ endpoint: "api", by: "ip", limit: 5 });

    // A member is counted by account, whatever the address; admins are never limited.
    t.actAs({ userId: memberId });
    const session = "rupa.session_token=pinned";
    const member: number[] = [];
    for (let i = 0; i < 7; i++)
      member.push((await t.client.call(api.account.me, { cookie: session })).status);
    expect(member.slice(5)).toEqual([429, 429]);
    asAdmin();
    for (let i = 0; i < 7; i++)
      expect((await t.client.call(api.adminSystem.logs, { cookie: session })).status).toBe(200);

    await saveSecurity({ apiRequestsPerHour: 5, rateLimitEnabled: false });
    expect((await t.client.call(api.styles.summary, { ip })).status).toBe(200);
    await saveSecurity({});
    await t.ctx.services.apiLimiter.reset();
  });

  it("with e-mail verification off, a new account signs in without confirming, bonus granted", async () => {
    await saveSecurity({ emailVerificationRequired: false });
    const email = `fresh-${randomUUID()}@example.com`;
    const up = await t.client.call(api.auth.signUp, {
      body: { fullName: "Rina Putri", phone: "081234567890", email, password: "rahasia123" },
    });
    expect(up.status).toBe(201);
    expect(up.json).toMatchObject({ status: "account_ready" });
    const browser = t.client.as(new CookieJar());
    const res = await browser.call(api.auth.signIn, { body: { email, password: "rahasia123" } });
    expect(res.status).toBe(200);
    const [u] = await t.ctx.db.db.select().from(users).where(eq(users.email, email));
    expect(u!.emailVerified).toBe(true);
    const lots = await t.ctx.db.db.select().from(creditLots).where(eq(creditLots.userId, u!.id));
    expect(lots.map((l) => l.source)).toEqual(["signup_bonus"]);

    // On again: a new account waits for its link.
    await saveSecurity({});
    const other = `waiting-${randomUUID()}@example.com`;
    const up2 = await t.client.call(api.auth.signUp, {
      body: { fullName: "Rina Putri", phone: "081234567890", email: other, password: "rahasia123" },
    });
    expect(up2.json).toMatchObject({ status: "verification_sent" });
    const res2 = await t.client.call(api.auth.signIn, {
      body: { email: other, password: "rahasia123" },
    });
    expect(res2.status).toBe(403);
  });

  it("flags failed sign-ins across many accounts from one address and slows it; off does not", async () => {
    const ip = "10.66.0.1";
    const signIn = (email: string) =>
      t.client.call(api.auth.signIn, { body: { email, password: "salah-sekali" }, ip });
    for (let i = 0; i < SUSPICIOUS_ACCOUNTS; i++)
      expect((await signIn(`victim${i}-${randomUUID()}@example.com`)).status).toBe(401);
    const flagged = await t.ctx.db.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "suspicious_activity"), eq(securityEvents.ip, ip)));
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.severity).toBe("critical");
    // Slowed by a few seconds, never refused (carrier NAT: ADR 011); another address is not slowed.
    const slowedFrom = Date.now();
    expect((await signIn("one-more@example.com")).status).toBe(401);
    expect(Date.now() - slowedFrom).toBeGreaterThanOrEqual(SUSPICIOUS_DELAY_SECONDS * 1000 - 50);
    const other = Date.now();
    expect(
      (
        await t.client.call(api.auth.signIn, {
          body: { email: "x@example.com", password: "salah" },
        })
      ).status,
    ).toBe(401);
    expect(Date.now() - other).toBeLessThan(SUSPICIOUS_DELAY_SECONDS * 1000);

    await saveSecurity({ suspiciousActivityDetection: false });
    const off = Date.now();
    expect((await signIn("again@example.com")).status).toBe(401);
    expect(Date.now() - off).toBeLessThan(SUSPICIOUS_DELAY_SECONDS * 1000);
    await saveSecurity({});
  });

  it("lists events with search, filter and paging, newest first", async () => {
    asAdmin();
    const res = await t.client.call(api.adminSystem.events, {
      query: { type: "sign_in_failed", pageSize: "10" },
    });
    expect(res.status).toBe(200);
    const page = securityEventsPageSchema.parse(res.json);
    expect(page.total).toBeGreaterThanOrEqual(SUSPICIOUS_ACCOUNTS);
    expect(page.items).toHaveLength(10);
    expect(page.items.every((e) => e.type === "sign_in_failed")).toBe(true);
    const times = page.items.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const byIp = securityEventsPageSchema.parse(
      (
        await t.client.call(api.adminSystem.events, {
          query: { q: "10.66.0.1", type: "suspicious_activity" },
        })
      ).body,
    );
    expect(byIp.total).toBe(1);
    const admin = securityEventsPageSchema.parse(
      (await t.client.call(api.adminSystem.events, { query: { type: "admin_action" } })).body,
    );
    expect(admin.items.some((e) => e.details.action === "setting.updated")).toBe(true);
    for (const bad of ["?pageSize=7", "?type=nope", "?sort=ip.asc", "?page=0"])
      expect((await t.client.raw(`/api/admin/security/events${bad}`)).status).toBe(400);
    const [latest] = await t.ctx.db.db
      .select()
      .from(appSettings)
      .orderBy(desc(appSettings.updatedAt))
      .limit(1);
    expect(latest).toBeDefined();
    t.actAs(null);
  });
});
