import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { apiContract as api } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { testServerForFile, testDriver, type TestClient } from "../../../test/harness";
import { userRoles, users } from "../../db/schema";

/**
 * Rupa always keeps one admin (issue 33, point 5): the last admin's own account deletion is
 * refused as their demotion is, `last_admin` (409), and the refusal is decided under the admins'
 * lock, so two admins deleting themselves (or demoting each other) at once leave one admin.
 */
const t = testServerForFile({ startQueue: false, env: { TRUST_PROXY: "true" } });

const db = () => t.ctx.db.db;
const PASSWORD = "rahasia-admin-123";

/** A confirmed member, made an admin when asked, signed in with a session of their own. */
async function member(admin: boolean) {
  const email = `last-admin-${randomUUID()}@example.com`;
  const id = await t.ctx.services.auth.ensureConfirmedUser(email, PASSWORD, "Admin");
  if (admin) await t.ctx.services.admin.users.grantAdminByEmail(email);
  return { id, email, browser: await t.client.signIn(email, PASSWORD) };
}

const deleteOwn = (m: { email: string; browser: TestClient }) =>
  m.browser.call(api.account.remove, { body: { confirmEmail: m.email } });
const demoteBy = (by: { browser: TestClient }, target: string) =>
  by.browser.call(api.admin.setRole, { params: { id: target }, body: { role: "user" } });
const exists = async (id: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;
const admins = async () =>
  (await db().select().from(userRoles).where(eq(userRoles.role, "admin"))).map((r) => r.userId);
/** Demotes every admin but `keep` (through the database: the route is what is under test). */
async function onlyAdmin(keep: string) {
  for (const id of await admins()) {
    if (id !== keep)
      await db().update(userRoles).set({ role: "user" }).where(eq(userRoles.userId, id));
  }
}

describe(`the last admin's own account (${testDriver()})`, () => {
  it("refuses the last admin's self-deletion with 409 last_admin; they stay, signed in", async () => {
    const admin = await member(true);
    await onlyAdmin(admin.id);
    const res = await deleteOwn(admin);
    expect(res.status).toBe(409);
    expect(res.error.code).toBe("last_admin");
    expect(await exists(admin.id)).toBe(true);
    expect(await admins()).toEqual([admin.id]);
    // Refused before the session was ended: still signed in.
    const me = (await admin.browser.call(api.account.me)).body;
    expect(me.user?.email).toBe(admin.email);
    // Their demotion is refused with the same code.
    const demote = await demoteBy(admin, admin.id);
    expect(demote.status).toBe(409);
    expect(demote.error.code).toBe("last_admin");
  });

  it("lets an admin leave while another admin remains, and any member who is not an admin", async () => {
    const first = await member(true);
    await onlyAdmin(first.id);
    const second = await member(true);
    const plain = await member(false);
    expect((await deleteOwn(plain)).status).toBe(200);
    expect((await deleteOwn(second)).status).toBe(200);
    expect(await exists(second.id)).toBe(false);
    expect(await admins()).toEqual([first.id]);
    const last = await deleteOwn(first);
    expect(last.status).toBe(409);
    expect(await exists(first.id)).toBe(true);
  });

  it("of two admins deleting themselves at once, one is refused and one admin remains", async () => {
    for (let round = 0; round < 3; round++) {
      const a = await member(true);
      await onlyAdmin(a.id);
      const b = await member(true);
      const answers = await Promise.all([deleteOwn(a), deleteOwn(b)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const left = await admins();
      expect(left).toHaveLength(1);
      expect(await exists(left[0]!)).toBe(true);
    }
  });

  it("of two admins demoting each other at once, one is refused and one admin remains", async () => {
    const a = await member(true);
    await onlyAdmin(a.id);
    const b = await member(true);
    const answers = await Promise.all([demoteBy(a, b.id), demoteBy(b, a.id)]);
    const [won, lost] = answers.map((r) => r.status).sort();
    expect(won).toBe(200);
    // Refused under the lock, or (when the first had committed before the second was read) no
    // longer an admin at all.
    expect([403, 409]).toContain(lost);
    expect(await admins()).toHaveLength(1);
  });
});
