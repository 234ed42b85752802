import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { eq, like, sql } from "drizzle-orm";
import {
  apiContract as api,
  HEALTH_CHECK_CODES,
  HEALTH_CHECK_STEPS,
  healthCheckResultSchema,
  systemLogsSchema,
  systemStatusSchema,
} from "@rupa/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { CookieJar, testServerForFile, testDriver } from "../../../../test/harness";
import { auditLog, users } from "../../../db/schema";

let adminId: string;
const logStream = new Writable({
  write(_chunk: Buffer, _enc, cb) {
    cb();
  },
});
const t = testServerForFile({ logStream, env: { TRUST_PROXY: "true" } });

const insertUser = (email?: string) =>
  t.insertUser({ fullName: "Sari Wulandari", ...(email ? { email } : {}) });

beforeAll(async () => {
  adminId = await insertUser(`admin-${randomUUID()}@example.com`);
  await insertUser(); // a member: the statistics count both
});

const asAdmin = () => t.actAs({ userId: adminId, isAdmin: true });

const auditRows = (action: string) =>
  t.ctx.db.db.select().from(auditLog).where(eq(auditLog.action, action));

describe(`admin System on ${testDriver()}`, () => {
  it("reports the four components and real statistics", async () => {
    asAdmin();
    const res = await t.client.call(api.adminSystem.status);
    expect(res.status).toBe(200);
    const body = systemStatusSchema.strict().parse(res.json);
    expect(body.status).toBe("healthy");
    for (const c of Object.values(body.components)) expect(c.status).toBe("ok");
    expect(body.stats.database.driver).toBe(testDriver());
    expect(body.stats.database.sizeBytes).toBeGreaterThan(0);
    expect(body.stats.tables.find((r) => r.name === "users")?.rows).toBeGreaterThanOrEqual(2);
    expect(body.stats.memory.rssBytes).toBeGreaterThan(0);
  });

  it("shows recent log lines without e-mail addresses or secrets, and exports them", async () => {
    t.ctx.log.warn(
      { user: "budi" },
      "mail to budi.santoso@example.com failed: https://rupa.id/auth?token=abc123secret",
    );
    asAdmin();
    const res = await t.client.call(api.adminSystem.logs);
    const body = systemLogsSchema.parse(res.json);
    const text = JSON.stringify(body);
    expect(text).toContain("mail to");
    expect(text).not.toContain("budi.santoso@example.com");
    expect(text).not.toContain("abc123secret");
    const file = await t.client.call(api.adminSystem.exportLogs);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("text/plain");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="rupa-logs-/);
    const exported = file.text;
    expect(exported).toContain("mail to");
    expect(exported).not.toContain("budi.santoso@example.com");
  });

  it("runs every health-check step for real; the sign-up step leaves no user behind", async () => {
    const before = await t.ctx.db.db.select({ n: sql<number>`count(*)::int` }).from(users);
    // The auth step reads the admin's real session.
    const browser = t.client.as(new CookieJar());
    const email = `admin-${randomUUID()}@example.com`;
    await t.ctx.services.auth.ensureConfirmedUser(email, "rahasia-admin-123", "Admin");
    const [u] = await t.ctx.db.db.select().from(users).where(eq(users.email, email));
    await t.ctx.db.db.execute(
      sql`INSERT INTO user_roles (user_id, role) VALUES (${u!.id}, 'admin')`,
    );
    t.actAs(null);
    expect(
      (await browser.call(api.auth.signIn, { body: { email, password: "rahasia-admin-123" } }))
        .status,
    ).toBe(200);
    for (const step of HEALTH_CHECK_STEPS) {
      const res = await browser.call(api.adminSystem.healthCheck, { params: { step } });
      expect(res.status, step).toBe(200);
      const result = healthCheckResultSchema.parse(res.json);
      expect(result, step).toMatchObject({ step, status: "success" });
      // The page translates the code with its values; `failed` would be an unexpected error.
      expect(HEALTH_CHECK_CODES, step).toContain(result.code);
      expect(result.code, step).not.toBe("failed");
    }
    const after = await t.ctx.db.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n + 1); // the admin made above, and nothing else
    const left = await t.ctx.db.db.select().from(users).where(like(users.email, "%.invalid"));
    expect(left).toEqual([]);
    asAdmin();
    expect(
      (await t.client.raw(api.adminSystem.healthCheck, { params: { step: "nonsense" } })).status,
    ).toBe(404);
  });

  it("clears the caches and optimizes the database, each with its audit row", async () => {
    asAdmin();
    const cleared = await t.client.call(api.adminSystem.clearCache);
    expect(cleared.status).toBe(200);
    expect(cleared.body.cleared).toContain("catalogue");
    expect(await auditRows("system.cache_cleared")).toHaveLength(1);
    const optimized = await t.client.call(api.adminSystem.optimizeDatabase);
    expect(optimized.status).toBe(200);
    const rows = await auditRows("system.database_optimized");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: adminId, entityType: "system" });
    t.actAs(null);
  });
});
