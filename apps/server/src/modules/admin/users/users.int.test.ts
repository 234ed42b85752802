import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminCreditsResponseSchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  type AdminUsersPage,
  apiContract as api,
} from "@rupa/shared";
import { testServerForFile, testDriver, type CallInput } from "../../../../test/harness";
import {
  accounts,
  auditLog,
  creditLots,
  creditSpends,
  generationJobs,
  payments,
  referrals,
  securityEvents,
  sessions,
  styles,
  userRoles,
  type users,
} from "../../../db/schema";
import { createAdminUsersRepository } from "./users.repository";
import { createAdminUsersService } from "./users.service";

/**
 * /api/admin/users against real databases: the paged list (sort, search, role filter), one
 * user's detail, credits added or set as ledger entries, role changes, and the audit row each
 * change writes in its own transaction (a failed change leaves none). No secret is ever sent.
 */
const t = testServerForFile({ startQueue: false });
let adminId: string;
const ADMIN_EMAIL = "ops-users@rupa.test";

const insertUser = (over?: Partial<typeof users.$inferInsert>) => t.insertUser(over);

beforeAll(async () => {
  adminId = await insertUser({ email: ADMIN_EMAIL, fullName: "Ops Admin" });
  await t.ctx.db.db.insert(userRoles).values({ userId: adminId, role: "admin" });
});

const asAdmin = () => t.actAs({ userId: adminId, isAdmin: true });
/** A new user holding the sign-up bonus's 3 credits (watermarked unless told). */
async function userWithBonus(watermarked = true): Promise<string> {
  const id = await insertUser();
  await t.ctx.services.credits.grant(id, { source: "signup_bonus", amount: 3, watermarked });
  return id;
}
/** What the admin's browser says it is: the audit rows keep it. */
const AGENT = { headers: { "user-agent": "vitest-admin" } };
async function list(
  query: NonNullable<CallInput<typeof api.admin.users>["query"]>,
): Promise<AdminUsersPage> {
  const res = await t.client.call(api.admin.users, { query });
  expect(res.status).toBe(200);
  return adminUsersPageSchema.parse(res.body);
}
const auditRows = (entityId: string) =>
  t.ctx.db.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
const balance = async (id: string) => (await t.ctx.services.credits.summary(id)).balance;

describe(`the admin user list (${testDriver()})`, () => {
  it("pages newest first, sorts, searches e-mail or name (wildcards are letters) and filters by role", async () => {
    const tag = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        await insertUser({
          email: `list-${tag}-${String(i).padStart(2, "0")}@example.com`,
          fullName: i === 3 ? `Budi_${tag} Santoso` : "Rina",
          totalGenerations: i,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        }),
      );
    }
    await t.ctx.db.db.insert(userRoles).values({ userId: ids[5]!, role: "admin" });
    asAdmin();

    const page1 = await list({ q: `list-${tag}`, pageSize: 10 });
    expect(page1).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(page1.items[0]!.id).toBe(ids[11]);
    const page2 = await list({ q: `list-${tag}`, pageSize: 10, page: 2 });
    expect(page2.items.map((u) => u.id)).toEqual([ids[1], ids[0]]);

    const byGenerations = await list({
      q: `list-${tag}`,
      sort: "totalGenerations.asc",
      pageSize: 10,
    });
    expect(byGenerations.items.map((u) => u.totalGenerations)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    const byEmail = await list({ q: `list-${tag}`, sort: "email.desc", pageSize: 10 });
    expect(byEmail.items[0]!.email).toBe(`list-${tag}-11@example.com`);

    // The name matches, case-insensitively; `_` is a letter, not a wildcard.
    const byName = await list({ q: `budi_${tag.toUpperCase()}` });
    expect(byName.items.map((u) => u.id)).toEqual([ids[3]]);
    expect((await list({ q: `budi%${tag}` })).total).toBe(0);

    const admins = await list({ q: `list-${tag}`, role: "admin" });
    expect(admins.items.map((u) => [u.id, u.role])).toEqual([[ids[5], "admin"]]);
    expect((await list({ q: `list-${tag}`, role: "user" })).total).toBe(11);
  });

  it("validates its query (400) and never sends a secret", async () => {
    asAdmin();
    for (const q of ["pageSize=15", "page=0", "sort=password.asc", "role=owner", "page=abc"]) {
      expect((await t.client.raw(`/api/admin/users?${q}`)).status, q).toBe(400);
    }
    const id = await insertUser({ email: `secret-${randomUUID()}@example.com` });
    const token = `tok_${randomUUID()}`;
    await t.ctx.db.db.insert(sessions).values({
      id: randomUUID(),
      userId: id,
      token,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await t.ctx.db.db.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: "scrypt$hash-that-must-not-leak",
    });
    for (const path of [`/api/admin/users?q=${id}`, `/api/admin/users/${id}`]) {
      const { text } = await t.client.raw(path);
      expect(text).not.toContain(token);
      expect(text).not.toContain("hash-that-must-not-leak");
      expect(text.toLowerCase()).not.toContain("password");
    }
  });
});

describe(`one user's detail (${testDriver()})`, () => {
  it("answers the balance, the ledger newest first, generations, payments and referrals", async () => {
    const id = await insertUser({ email: `detail-${randomUUID()}@example.com` });
    const referred = await insertUser({ email: `referred-${randomUUID()}@example.com` });
    const credits = t.ctx.services.credits;
    await credits.grant(id, { source: "signup_bonus", amount: 3, watermarked: true });
    await credits.spend(id, 1, "avatar", "Avatar: Astronaut");
    const [style] = await t.ctx.db.db
      .insert(styles)
      .values({
        slug: `s-${randomUUID()}`,
        name: "Astronaut",
        nameId: "Astronot",
        category: "cartoon",
        promptTemplate: "{subject}",
        modelName: "m",
      })
      .returning({ id: styles.id });
    await t.ctx.db.db.insert(generationJobs).values({
      kind: "avatar",
      status: "succeeded",
      userId: id,
      styleId: style!.id,
      provider: "local",
    });
    await t.ctx.db.db.insert(payments).values({
      orderId: `RUPA-${randomUUID()}`,
      userId: id,
      planId: "starter_monthly",
      planName: "Starter",
      billingCycle: "monthly",
      credits: 50,
      validityDays: 30,
      amountIdr: 49_000,
      gateway: "simulator",
      status: "pending",
    });
    await t.ctx.db.db.insert(referrals).values({ referrerId: id, referredId: referred });

    asAdmin();
    const res = await t.client.call(api.admin.user, { params: { id } });
    expect(res.status).toBe(200);
    const d = adminUserDetailSchema.parse(res.json);
    expect(d.user).toMatchObject({ id, credits: 2 });
    expect(d.balance).toMatchObject({ balance: 2, watermarkedOnly: true });
    expect(d.ledger.map((l) => [l.kind, l.source, l.amount])).toEqual([
      ["spend", "avatar", 1],
      ["lot", "signup_bonus", 3],
    ]);
    expect(d.ledger[1]).toMatchObject({ remaining: 2, watermarked: true, grantedBy: null });
    expect(d.generations).toEqual([
      expect.objectContaining({
        kind: "avatar",
        status: "succeeded",
        styleName: "Astronaut",
        styleNameId: "Astronot",
      }),
    ]);
    expect(d.payments).toEqual([
      expect.objectContaining({ planName: "Starter", amountIdr: 49_000, status: "pending" }),
    ]);
    expect(d.referrals).toEqual([
      expect.objectContaining({
        referredEmail: expect.stringContaining("referred-") as unknown,
        status: "pending",
      }),
    ]);
  });

  it("answers 404 for an unknown user", async () => {
    asAdmin();
    const res = await t.client.call(api.admin.user, { params: { id: `u_${randomUUID()}` } });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ error: { message: "User not found" } });
  });
});

describe(`changing credits (${testDriver()})`, () => {
  it("adds 5 credits as a manual lot granted by the admin, with the audit row and a security event", async () => {
    const id = await userWithBonus();
    asAdmin();
    const res = await t.client.with(AGENT).call(api.admin.setCredits, {
      params: { id },
      body: {
        mode: "add",
        amount: 5,
        reason: "Admin: +5 credits",
      },
    });
    expect(res.status).toBe(200);
    expect(adminCreditsResponseSchema.parse(res.json)).toEqual({ balance: 8, changed: 5 });
    expect(await balance(id)).toBe(8);
    const [lot] = await t.ctx.db.db
      .select()
      .from(creditLots)
      .where(and(eq(creditLots.userId, id), eq(creditLots.source, "manual_reward")));
    expect(lot).toMatchObject({
      amount: 5,
      remaining: 5,
      watermarked: false,
      expiresAt: null,
      description: "Admin: +5 credits",
      grantedBy: adminId,
    });
    const audits = await auditRows(id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: adminId,
      actorEmail: ADMIN_EMAIL,
      action: "user.credits_added",
      entityType: "user",
      before: { balance: 3 },
      after: { balance: 8, mode: "add", amount: 5, reason: "Admin: +5 credits" },
      userAgent: "vitest-admin",
    });
    const events = await t.ctx.db.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, id), eq(securityEvents.type, "credits_changed")));
    expect(events).toEqual([expect.objectContaining({ actorId: adminId })]);

    // The detail shows the new line, naming the admin.
    const d = adminUserDetailSchema.parse(
      (await t.client.call(api.admin.user, { params: { id } })).body,
    );
    expect(d.ledger[0]).toMatchObject({
      kind: "lot",
      source: "manual_reward",
      amount: 5,
      grantedBy: { id: adminId, email: ADMIN_EMAIL },
    });
  });

  it("sets a higher balance with a lot, a lower one with an admin_adjustment spend, and the same one writes nothing", async () => {
    const id = await userWithBonus();
    asAdmin();
    const set = async (amount: number) => {
      const res = await t.client.with(AGENT).call(api.admin.setCredits, {
        params: { id },
        body: {
          mode: "set",
          amount,
          reason: "Support ticket 42",
        },
      });
      expect(res.status).toBe(200);
      return adminCreditsResponseSchema.parse(res.json);
    };
    expect(await set(10)).toEqual({ balance: 10, changed: 7 });
    expect(await set(4)).toEqual({ balance: 4, changed: -6 });
    expect(await set(4)).toEqual({ balance: 4, changed: 0 });
    expect(await set(0)).toEqual({ balance: 0, changed: -4 });
    expect(await balance(id)).toBe(0);
    const spends = await t.ctx.db.db.select().from(creditSpends).where(eq(creditSpends.userId, id));
    expect(spends.map((s) => [s.reason, s.amount, s.description]).sort()).toEqual([
      ["admin_adjustment", 4, "Support ticket 42"],
      ["admin_adjustment", 6, "Support ticket 42"],
    ]);
    const audits = await auditRows(id);
    expect(
      audits.map((a) => [a.action, a.before, (a.after as { balance: number }).balance]),
    ).toEqual(
      expect.arrayContaining([
        ["user.credits_set", { balance: 3 }, 10],
        ["user.credits_set", { balance: 10 }, 4],
        ["user.credits_set", { balance: 4 }, 0],
      ]),
    );
    expect(audits).toHaveLength(3);
  });

  it("validates the body (400) and answers 404 for an unknown user, writing nothing", async () => {
    const id = await insertUser();
    asAdmin();
    const bad = [
      {},
      { mode: "add", amount: 0, reason: "valid reason" },
      { mode: "add", amount: 10_001, reason: "valid reason" },
      { mode: "add", amount: 1.5, reason: "valid reason" },
      { mode: "set", amount: -1, reason: "valid reason" },
      { mode: "set", amount: 100_001, reason: "valid reason" },
      { mode: "add", amount: 5, reason: "ab" },
      { mode: "add", amount: 5, reason: "x".repeat(201) },
      { mode: "add", amount: 5 },
      { mode: "double", amount: 5, reason: "valid reason" },
    ];
    for (const body of bad) {
      expect(
        (await t.client.with(AGENT).raw(api.admin.setCredits, { params: { id }, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    const unknown = `u_${randomUUID()}`;
    const res = await t.client.with(AGENT).call(api.admin.setCredits, {
      params: { id: unknown },
      body: {
        mode: "add",
        amount: 5,
        reason: "valid reason",
      },
    });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ error: { message: "User not found" } });
    expect(await auditRows(id)).toEqual([]);
    expect(await auditRows(unknown)).toEqual([]);
    expect(await balance(id)).toBe(0);
  });

  it("a change whose audit row cannot be written leaves no ledger entry either", async () => {
    const id = await userWithBonus(false);
    const { services, db, env, log } = t.ctx;
    const admin = createAdminUsersService({
      db: db.db,
      env,
      log,
      admin: createAdminUsersRepository(db.db),
      accounts: services.accounts,
      credits: services.credits,
      audit: { write: () => Promise.reject(new Error("the audit table refused")) },
      security: services.security,
      ensureConfirmedUser: () => Promise.reject(new Error("not used")),
      randomPassword: () => "unused",
    });
    const actor = { userId: adminId, guestTrialId: null, isAdmin: true };
    const meta = { headers: new Headers(), ip: "10.0.0.9", userAgent: "vitest" };
    for (const change of [
      { mode: "add" as const, amount: 5, reason: "grant that fails" },
      { mode: "set" as const, amount: 1, reason: "spend that fails" },
    ]) {
      await expect(admin.changeCredits(actor, id, change, meta)).rejects.toThrow(
        "the audit table refused",
      );
    }
    expect(await auditRows(id)).toEqual([]);
    expect(await balance(id)).toBe(3);
    expect(
      await t.ctx.db.db.select().from(creditSpends).where(eq(creditSpends.userId, id)),
    ).toEqual([]);
  });
});

describe(`changing a role (${testDriver()})`, () => {
  it("writes the role and its audit row together; the last admin's refusal writes none", async () => {
    const id = await insertUser();
    asAdmin();
    expect(
      (
        await t.client
          .with(AGENT)
          .call(api.admin.setRole, { params: { id }, body: { role: "admin" } })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.client
          .with(AGENT)
          .call(api.admin.setRole, { params: { id }, body: { role: "user" } })
      ).status,
    ).toBe(200);
    const audits = await auditRows(id);
    expect(audits.map((a) => [a.action, a.before, a.after, a.actorEmail])).toEqual(
      expect.arrayContaining([
        ["user.role_changed", { role: "user" }, { role: "admin" }, ADMIN_EMAIL],
        ["user.role_changed", { role: "admin" }, { role: "user" }, ADMIN_EMAIL],
      ]),
    );
    expect(audits).toHaveLength(2);

    // Demote every other admin, then the last one is refused and nothing is written.
    const others = await t.ctx.db.db.select().from(userRoles).where(eq(userRoles.role, "admin"));
    for (const r of others.filter((r) => r.userId !== adminId)) {
      expect(
        (
          await t.client
            .with(AGENT)
            .call(api.admin.setRole, { params: { id: r.userId }, body: { role: "user" } })
        ).status,
      ).toBe(200);
    }
    const res = await t.client
      .with(AGENT)
      .call(api.admin.setRole, { params: { id: adminId }, body: { role: "user" } });
    expect(res.status).toBe(409);
    expect((await auditRows(adminId)).filter((a) => a.action === "user.role_changed")).toEqual([]);
    const unknown = `u_${randomUUID()}`;
    expect(
      (
        await t.client
          .with(AGENT)
          .call(api.admin.setRole, { params: { id: unknown }, body: { role: "admin" } })
      ).status,
    ).toBe(404);
    expect(await auditRows(unknown)).toEqual([]);
  });
});
