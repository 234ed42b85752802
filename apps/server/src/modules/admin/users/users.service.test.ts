import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { adminUsersQuerySchema, type AdminUsersQuery, type Role } from "@rupa/shared";
import type { Actor } from "../../../lib/actor";
import { refusal } from "../../../../test/refusal";
import type { RequestMeta } from "../../../lib/request-meta";
import { fakeAudit, fakeCredits, fakeSecurityEvents, fakeTransactor } from "../../../../test/fakes";
import type { AdminUserRow } from "./users.repository";
import { type AdminDeps, createAdminUsersService } from "./users.service";
import { planCreditChange } from "./users.rules";

/**
 * The admin service's rules against in-memory fakes of its repositories (the immich way): who
 * may list users and change roles, the last-admin rule, the audit event of every change, and
 * the start-up admin. The same routes run against real databases in account.int.test.ts.
 */

interface User {
  id: string;
  email: string;
  fullName: string;
  emailVerified: boolean;
  totalGenerations: number;
  createdAt: Date;
}

function world(env: Partial<AdminDeps["env"]> = {}) {
  const users = new Map<string, User>();
  const roles = new Map<string, { role: Role; grantedBy: string | null }>();
  const credits = fakeCredits((id) => users.has(id));
  const audit = fakeAudit();
  const security = fakeSecurityEvents();
  const warnings: string[] = [];
  const listLimits: number[] = [];
  const created: string[] = [];
  let clock = Date.parse("2026-11-01T00:00:00Z");

  const addUser = (over: Partial<User> = {}): User => {
    const u: User = {
      id: randomUUID(),
      email: `${randomUUID().slice(0, 8)}@example.com`,
      fullName: "Ayu Lestari",
      emailVerified: true,
      totalGenerations: 0,
      createdAt: new Date((clock += 60_000)),
      ...over,
    };
    users.set(u.id, u);
    return u;
  };
  const roleOf = (id: string): Role => roles.get(id)?.role ?? "user";

  const deps: AdminDeps = {
    db: fakeTransactor().db,
    env: {
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      NODE_ENV: "development",
      DATABASE_URL: undefined,
      PUBLIC_URL: "http://localhost:3000",
      ...env,
    },
    log: { warn: (msg: string) => void warnings.push(msg) } as AdminDeps["log"],
    admin: {
      setRole(userId: string, role: Role, grantedBy: string | null) {
        roles.set(userId, { role, grantedBy });
        return Promise.resolve();
      },
      countAdmins: () =>
        Promise.resolve([...roles.values()].filter((r) => r.role === "admin").length),
      list(query: AdminUsersQuery) {
        listLimits.push(query.pageSize);
        const all: AdminUserRow[] = [...users.values()]
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .map((u) => ({ ...u, role: roles.get(u.id)?.role ?? "user" }));
        const start = (query.page - 1) * query.pageSize;
        return Promise.resolve({
          rows: all.slice(start, start + query.pageSize),
          total: all.length,
        });
      },
      findUser(id: string) {
        const u = users.get(id);
        return Promise.resolve(u ? { ...u, role: roles.get(u.id)?.role ?? "user" } : null);
      },
      ledger: () => Promise.resolve({ lots: [], spends: [] }),
      recentGenerations: () => Promise.resolve([]),
      payments: () => Promise.resolve([]),
      referrals: () => Promise.resolve([]),
    },
    accounts: {
      findById: (id: string) => Promise.resolve(users.get(id) ?? null),
      findByEmail: (email: string) =>
        Promise.resolve(
          [...users.values()].find((u) => u.email.toLowerCase() === email.toLowerCase()) ?? null,
        ),
      roleOf: (id: string) => Promise.resolve(roleOf(id)),
      lockAdmins: () =>
        Promise.resolve([...roles].filter(([, r]) => r.role === "admin").map(([id]) => id)),
    } as unknown as AdminDeps["accounts"],
    credits: credits.service,
    audit,
    security,
    ensureConfirmedUser(email: string, _password: string, name: string) {
      const found = [...users.values()].find((u) => u.email === email);
      if (found) {
        found.emailVerified = true;
        return Promise.resolve(found.id);
      }
      created.push(email);
      return Promise.resolve(addUser({ email, fullName: name }).id);
    },
    randomPassword: () => "demo-password-123",
  };
  const service = createAdminUsersService(deps);

  const adminActor = (): Actor => {
    const u = addUser();
    roles.set(u.id, { role: "admin", grantedBy: null });
    return { userId: u.id, guestTrialId: null, isAdmin: true };
  };
  const memberActor = (): Actor => ({ userId: addUser().id, guestTrialId: null, isAdmin: false });
  const visitor: Actor = { userId: null, guestTrialId: randomUUID(), isAdmin: false };

  return {
    service,
    users,
    roles,
    credits,
    events: security.events,
    warnings,
    listLimits,
    audits: audit.rows,
    ledger: credits.written,
    created,
    addUser,
    roleOf,
    adminActor,
    memberActor,
    visitor,
  };
}

const firstPage = adminUsersQuerySchema.parse({});

const meta: RequestMeta = { headers: new Headers(), ip: "10.0.0.7", userAgent: "vitest" };

let w: ReturnType<typeof world>;
beforeEach(() => {
  w = world();
});

describe("the user list", () => {
  it("lists the newest users first with role and credit balance (none held: 0)", async () => {
    const admin = w.adminActor();
    const older = w.addUser({ email: "older@example.com", totalGenerations: 3 });
    const newer = w.addUser({ email: "newer@example.com", emailVerified: false });
    w.credits.hold(older.id, 7);
    const page = await w.service.listUsers(admin, firstPage);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    const users = page.items;
    expect(users.map((u) => u.email)).toEqual([
      "newer@example.com",
      "older@example.com",
      w.users.get(admin.userId!)!.email,
    ]);
    expect(users[1]).toEqual({
      id: older.id,
      email: "older@example.com",
      fullName: "Ayu Lestari",
      role: "user",
      emailVerified: true,
      totalGenerations: 3,
      credits: 7,
      createdAt: older.createdAt.toISOString(),
    });
    expect(users[0]).toMatchObject({ id: newer.id, emailVerified: false, credits: 0 });
    expect(users[2]).toMatchObject({ role: "admin" });
  });

  it("asks the repository for the requested page only", async () => {
    const admin = w.adminActor();
    for (let i = 0; i < 12; i++) w.addUser();
    const page = await w.service.listUsers(
      admin,
      adminUsersQuerySchema.parse({ page: "2", pageSize: "10" }),
    );
    expect(page).toMatchObject({ total: 13, page: 2, pageSize: 10 });
    expect(page.items).toHaveLength(3);
    expect(w.listLimits).toEqual([10]);
  });

  it("answers 401 to a visitor and 403 to a member, and reads nothing", async () => {
    expect(await refusal(w.service.listUsers(w.visitor, firstPage))).toEqual({
      code: "unauthorized",
      status: 401,
    });
    expect(await refusal(w.service.listUsers(w.memberActor(), firstPage))).toEqual({
      code: "forbidden",
      status: 403,
    });
    expect(w.listLimits).toEqual([]);
  });
});

describe("one user's detail", () => {
  it("answers the user with the balance, and 404 for an unknown user", async () => {
    const admin = w.adminActor();
    const u = w.addUser({ email: "dewi@example.com" });
    w.credits.hold(u.id, 12);
    const detail = await w.service.userDetail(admin, u.id);
    expect(detail.user).toMatchObject({ id: u.id, email: "dewi@example.com", credits: 12 });
    expect(detail.balance).toEqual({ balance: 12, watermarkedOnly: false, nextExpiry: null });
    expect(detail).toMatchObject({ ledger: [], generations: [], payments: [], referrals: [] });
    expect(await refusal(w.service.userDetail(admin, randomUUID()))).toEqual({
      code: "not_found",
      status: 404,
    });
    expect(await refusal(w.service.userDetail(w.memberActor(), u.id))).toMatchObject({
      status: 403,
    });
  });
});

describe("changing credits", () => {
  /** `by` changes the user's credits as the route asks the service to. */
  const changeCredits = (
    by: Actor,
    userId: string,
    mode: "add" | "set",
    amount: number,
    reason: string,
  ) => w.service.changeCredits(by, userId, { mode, amount, reason }, meta);

  it("adds credits as a manual lot by the admin, with an audit row and a security event", async () => {
    const admin = w.adminActor();
    const u = w.addUser();
    w.credits.hold(u.id, 3);
    const res = await changeCredits(admin, u.id, "add", 5, "Admin: +5 credits");
    expect(res).toEqual({ balance: 8, changed: 5 });
    expect(w.ledger).toEqual([
      { userId: u.id, delta: 5, description: "Admin: +5 credits", by: admin.userId },
    ]);
    expect(w.audits).toEqual([
      {
        actor: { userId: admin.userId, ip: "10.0.0.7", userAgent: "vitest" },
        action: "user.credits_added",
        entityType: "user",
        entityId: u.id,
        before: { balance: 3 },
        after: { balance: 8, mode: "add", amount: 5, reason: "Admin: +5 credits" },
      },
    ]);
    expect(w.events).toEqual([
      expect.objectContaining({
        type: "credits_changed",
        userId: u.id,
        actorId: admin.userId,
        details: expect.objectContaining({ from: 3, to: 8 }) as unknown,
      }),
    ]);
  });

  it("sets a higher balance by granting the difference", async () => {
    const admin = w.adminActor();
    const u = w.addUser();
    w.credits.hold(u.id, 4);
    const res = await changeCredits(admin, u.id, "set", 10, "Promo");
    expect(res).toEqual({ balance: 10, changed: 6 });
    expect(w.ledger.map((l) => l.delta)).toEqual([6]);
    expect(w.audits.map((a) => [a.action, a.before, a.after?.balance])).toEqual([
      ["user.credits_set", { balance: 4 }, 10],
    ]);
  });

  it("sets a lower balance by spending the difference (down to zero)", async () => {
    const admin = w.adminActor();
    const u = w.addUser();
    w.credits.hold(u.id, 9);
    expect(await changeCredits(admin, u.id, "set", 2, "Abuse")).toEqual({
      balance: 2,
      changed: -7,
    });
    expect(await changeCredits(admin, u.id, "set", 0, "Abuse")).toEqual({
      balance: 0,
      changed: -2,
    });
    expect(w.ledger.map((l) => l.delta)).toEqual([-7, -2]);
    expect(w.audits.map((a) => a.action)).toEqual(["user.credits_set", "user.credits_set"]);
  });

  it("setting the balance the user already has changes nothing and writes nothing", async () => {
    const admin = w.adminActor();
    const u = w.addUser();
    w.credits.hold(u.id, 5);
    expect(await changeCredits(admin, u.id, "set", 5, "Same")).toEqual({
      balance: 5,
      changed: 0,
    });
    expect(w.ledger).toEqual([]);
    expect(w.audits).toEqual([]);
    expect(w.events).toEqual([]);
  });

  it("answers 404 for an unknown user and 403 to a member, writing nothing", async () => {
    expect(await refusal(changeCredits(w.adminActor(), randomUUID(), "add", 5, "x y z"))).toEqual({
      code: "not_found",
      status: 404,
    });
    const u = w.addUser();
    expect(await refusal(changeCredits(w.memberActor(), u.id, "add", 5, "x y z"))).toMatchObject({
      status: 403,
    });
    expect(w.ledger).toEqual([]);
    expect(w.audits).toEqual([]);
    expect(w.events).toEqual([]);
  });

  it("plans the change from the balance (the rule on its own)", () => {
    const add = { mode: "add" as const, amount: 5, reason: "r" };
    const set = (amount: number) => ({ mode: "set" as const, amount, reason: "r" });
    expect(planCreditChange(add, 100)).toEqual({ delta: 5, action: "user.credits_added" });
    expect(planCreditChange(set(100), 40)).toEqual({ delta: 60, action: "user.credits_set" });
    expect(planCreditChange(set(0), 40)).toEqual({ delta: -40, action: "user.credits_set" });
    expect(planCreditChange(set(40), 40)).toBeNull();
  });
});

describe("changing a role", () => {
  it("promotes a user, records who granted it and writes a role_changed event", async () => {
    const admin = w.adminActor();
    const target = w.addUser();
    await w.service.setRole(admin, target.id, "admin", meta);
    expect(w.roles.get(target.id)).toEqual({ role: "admin", grantedBy: admin.userId });
    expect(w.events).toEqual([
      {
        type: "role_changed",
        severity: "warning",
        userId: target.id,
        actorId: admin.userId,
        from: meta,
        details: { from: "user", to: "admin" },
      },
    ]);
    expect(w.audits).toEqual([
      {
        actor: { userId: admin.userId, ip: "10.0.0.7", userAgent: "vitest" },
        action: "user.role_changed",
        entityType: "user",
        entityId: target.id,
        before: { role: "user" },
        after: { role: "admin" },
      },
    ]);
  });

  it("demotes an admin while another admin remains, the acting admin included", async () => {
    const first = w.adminActor();
    const second = w.adminActor();
    await w.service.setRole(first, second.userId!, "user", meta);
    expect(w.roleOf(second.userId!)).toBe("user");
    w.roles.set(second.userId!, { role: "admin", grantedBy: first.userId });
    await w.service.setRole(first, first.userId!, "user", meta);
    expect(w.roleOf(first.userId!)).toBe("user");
    expect(w.events.map((e) => e.details)).toEqual([
      { from: "admin", to: "user" },
      { from: "admin", to: "user" },
    ]);
  });

  it("refuses to demote the last admin (themself) with 409 and changes nothing", async () => {
    const admin = w.adminActor();
    expect(await refusal(w.service.setRole(admin, admin.userId!, "user", meta))).toEqual({
      code: "last_admin",
      status: 409,
    });
    expect(w.roleOf(admin.userId!)).toBe("admin");
    expect(w.events).toEqual([]);
    expect(w.audits).toEqual([]);
  });

  it("lets the last admin be set to admin again (no demotion, an event all the same)", async () => {
    const admin = w.adminActor();
    await w.service.setRole(admin, admin.userId!, "admin", meta);
    expect(w.roleOf(admin.userId!)).toBe("admin");
    expect(w.events.map((e) => e.details)).toEqual([{ from: "admin", to: "admin" }]);
  });

  it("answers 404 for an unknown user", async () => {
    expect(await refusal(w.service.setRole(w.adminActor(), randomUUID(), "admin", meta))).toEqual({
      code: "not_found",
      status: 404,
    });
    expect(w.events).toEqual([]);
  });

  it("answers 401 to a visitor and 403 to a member (a member cannot promote themself)", async () => {
    const member = w.memberActor();
    const target = w.addUser();
    expect(await refusal(w.service.setRole(w.visitor, target.id, "admin", meta))).toMatchObject({
      status: 401,
    });
    expect(await refusal(w.service.setRole(member, member.userId!, "admin", meta))).toEqual({
      code: "forbidden",
      status: 403,
    });
    expect(w.roleOf(member.userId!)).toBe("user");
    expect(w.roleOf(target.id)).toBe("user");
    expect(w.events).toEqual([]);
  });

  it("trusts the actor's verified admin flag, not a stale role row", async () => {
    // resolveActor reads the role on every request; a demoted admin arrives with isAdmin false.
    const admin = w.adminActor();
    const target = w.addUser();
    const stale: Actor = { ...admin, isAdmin: false };
    expect(await refusal(w.service.setRole(stale, target.id, "admin", meta))).toMatchObject({
      status: 403,
    });
  });
});

describe("the start-up admin", () => {
  it("creates the demo admin on the embedded default once and prints its password once", async () => {
    const printed: string[] = [];
    await w.service.ensureAdmin((line) => printed.push(line));
    const admin = [...w.users.values()].find((u) => u.email === "admin@rupa.local")!;
    expect(w.roleOf(admin.id)).toBe("admin");
    expect(w.roles.get(admin.id)?.grantedBy).toBeNull();
    expect(printed.join("")).toContain("admin@rupa.local / demo-password-123");
    await w.service.ensureAdmin((line) => printed.push(line));
    expect(printed).toHaveLength(1);
    expect(w.created).toEqual(["admin@rupa.local"]);
  });

  it("creates no demo admin in production or on PostgreSQL, and warns instead", async () => {
    for (const env of [{ NODE_ENV: "production" as const }, { DATABASE_URL: "postgres://x/y" }]) {
      const v = world(env);
      const printed: string[] = [];
      await v.service.ensureAdmin((line) => printed.push(line));
      expect(printed).toEqual([]);
      expect(v.users.size).toBe(0);
      expect(v.warnings).toHaveLength(1);
    }
  });

  it("creates or promotes ADMIN_EMAIL (lower-cased) even when other admins exist", async () => {
    const v = world({ ADMIN_EMAIL: "Boss@Example.com", ADMIN_PASSWORD: "a-long-password-1" });
    v.adminActor();
    const existing = v.addUser({ email: "boss@example.com", emailVerified: false });
    await v.service.ensureAdmin(() => undefined);
    expect(v.roleOf(existing.id)).toBe("admin");
    expect(existing.emailVerified).toBe(true);
    expect(v.created).toEqual([]);
  });

  it("grants admin from the command line with a role_changed event marked cli", async () => {
    const u = w.addUser({ email: "ops@example.com" });
    await w.service.grantAdminByEmail("ops@example.com");
    expect(w.roles.get(u.id)).toEqual({ role: "admin", grantedBy: null });
    expect(w.events).toEqual([
      {
        type: "role_changed",
        severity: "warning",
        userId: u.id,
        details: { to: "admin", via: "cli" },
      },
    ]);
    expect(await refusal(w.service.grantAdminByEmail("nobody@example.com"))).toMatchObject({
      status: 404,
    });
  });
});
