import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { apiContract as api } from "@rupa/shared";
import { describe, expect, it, vi } from "vitest";
import { CookieJar, testServerForFile, testDriver } from "../../../test/harness";
import { sessions } from "../../db/schema";

const t = testServerForFile({ startQueue: false });

const PASSWORD = "rahasia-sesi-123";
const DAY = 24 * 60 * 60 * 1000;

/** A confirmed member signed in: their id, e-mail and the session cookie (name=value). */
async function member() {
  const email = `session-${randomUUID()}@example.com`;
  const id = await t.ctx.services.auth.ensureConfirmedUser(email, PASSWORD, "Sesi");
  return { id, email, cookie: await signIn(email) };
}

/** Signs in; the session cookie alone (`<name>=<value>`). */
async function signIn(email: string): Promise<string> {
  const jar = new CookieJar();
  await t.client.as(jar).call(api.auth.signIn, { body: { email, password: PASSWORD } });
  const cookie = jar
    .header()
    .split("; ")
    .find((c) => c.split("=")[0]!.endsWith(".session_token"));
  expect(cookie).toBeDefined();
  return cookie!;
}

async function me(cookie?: string): Promise<{ id: string; role: string } | null> {
  const res = await t.client.call(api.account.me, { cookie });
  expect(res.status).toBe(200);
  return res.body.user;
}

/** The session token a cookie header carries (before its signature). */
const tokenOf = (cookie: string) => {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return value.slice(0, value.lastIndexOf("."));
};

async function sessionRow(cookie: string) {
  const [row] = await t.ctx.db.db
    .select()
    .from(sessions)
    .where(eq(sessions.token, tokenOf(cookie)));
  return row ?? null;
}

/**
 * Statements sent to the database (through Drizzle, as better-auth's adapter also sends them):
 * every one is a prepared query's `execute`, built per call or prepared once by a repository.
 */
async function queriesDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const session = (
    t.ctx.db.db as unknown as {
      session: { prepareQuery: (q: { sql: string; params: unknown[] }) => object };
    }
  ).session;
  type Prepared = { queryString: string; execute: () => Promise<unknown> };
  const prepared = Object.getPrototypeOf(
    session.prepareQuery({ sql: "select 1", params: [] }),
  ) as Prepared;
  const spy = vi.spyOn(prepared, "execute");
  try {
    await fn();
    return spy.mock.contexts.map((q) => (q as Prepared).queryString);
  } finally {
    spy.mockRestore();
  }
}

describe(`the session behind a request on ${testDriver()}`, () => {
  it("GET /api/account/me reads the session with the account and the role in one query, then the credits and the referral rewards", async () => {
    const m = await member();
    await me(m.cookie); // warm: nothing left to do once
    // The session, the user and the role were read twice (the actor, then /me again) and the
    // role a third time: 8 statements for one /me; then 3 (the account read again by /me); now
    // the session with the account, the credits, and the referral rewards the app announces
    // (an indexed read of the member's referrals, docs/product/referrals.md).
    // (The settings cache's own refresh, a few seconds apart, may land in any request.)
    const statements = (await queriesDuring(() => me(m.cookie))).filter(
      (q) => !q.includes('"app_settings"'),
    );
    expect(statements, statements.join("\n")).toHaveLength(3);
    expect(statements.filter((q) => q.includes('"referrals"'))).toHaveLength(1);
    // A visitor costs none.
    expect(await queriesDuring(() => me())).toEqual([]);
  });

  it("answers as the session stands on the very next request: role, sign-out, a gone account", async () => {
    const m = await member();
    expect(await me(m.cookie)).toMatchObject({ id: m.id, role: "user" });
    await t.ctx.services.admin.users.grantAdminByEmail(m.email);
    expect(await me(m.cookie)).toMatchObject({ id: m.id, role: "admin" });
    expect((await t.client.call(api.admin.users, { cookie: m.cookie })).status).toBe(200);

    // Signed out on another device: this one's session is gone as well.
    const other = await signIn(m.email);
    expect((await t.client.call(api.auth.signOut, { cookie: other })).status).toBe(200);
    expect(await me(m.cookie)).toBeNull();
    expect((await t.client.call(api.admin.users, { cookie: m.cookie })).status).toBe(401);

    // A session row whose user is gone counts for nothing.
    const n = await member();
    await t.ctx.services.account.deleteAccount(n.id, n.email, {
      ip: "127.0.0.1",
      userAgent: null,
      headers: new Headers(),
    });
    expect(await me(n.cookie)).toBeNull();
  });

  it("refuses a cookie that is not signed with the server's secret", async () => {
    const m = await member();
    const name = m.cookie.slice(0, m.cookie.indexOf("="));
    const value = m.cookie.slice(name.length + 1);
    const token = tokenOf(m.cookie);
    const forged = `${name}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`;
    expect(await me(forged)).toBeNull();
    expect(await me(`${name}=${encodeURIComponent(token)}`)).toBeNull();
    expect(await me(`${name}=${value}x`)).toBeNull();
    expect(await me(`${name}=`)).toBeNull();
    // The real cookie after a forged one of the same name: the first one is the one read.
    expect(await me(`${forged}; ${m.cookie}`)).toBeNull();
    expect(await me(`${m.cookie}; ${forged}`)).toMatchObject({ id: m.id });
  });

  it("an expired session is refused and deleted; one due for its daily refresh is extended", async () => {
    const m = await member();
    const [due, fresh] = [await signIn(m.email), await signIn(m.email)];
    await t.ctx.db.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, tokenOf(m.cookie)));
    expect(await me(m.cookie)).toBeNull();
    expect(await sessionRow(m.cookie)).toBeNull();

    // Sessions last 30 days and move on once a day: this one was last moved two days ago.
    await t.ctx.db.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 28 * DAY) })
      .where(eq(sessions.token, tokenOf(due)));
    expect(await me(due)).toMatchObject({ id: m.id });
    expect((await sessionRow(due))!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);

    // A session refreshed less than a day ago is only read.
    const before = (await sessionRow(fresh))!.expiresAt.getTime();
    expect(await me(fresh)).toMatchObject({ id: m.id });
    expect((await sessionRow(fresh))!.expiresAt.getTime()).toBe(before);
  });
});
