import { mailArrives } from "../../../test/mail";
import { and, eq, sql } from "drizzle-orm";
import { apiContract as api } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { testServerForFile, testDriver, type TestClient } from "../../../test/harness";
import { securityEvents, users } from "../../db/schema";
import { limiterKey } from "../rate-limit/rate-limit.service";

// Editing the account while signed in (issue 34, point 10): name and phone under the sign-up
// rules, and a password change that is checked and counted as a sign-in is.

const t = testServerForFile({ env: { TRUST_PROXY: "true" } });

const db = () => t.ctx.db.db;

let emailSeq = 0;
async function newMember(lang: "id" | "en" = "id") {
  const email = `edit${++emailSeq}-${Date.now()}@example.com`;
  const id = await t.ctx.services.auth.ensureConfirmedUser(email, "rahasia123", "Ayu", lang);
  return { email, id };
}

const signedIn = (email: string, password = "rahasia123") => t.client.signIn(email, password);

const me = async (browser: TestClient) => (await browser.call(api.account.me)).body.user;
const changePassword = (who: TestClient | string, currentPassword: string, newPassword: string) =>
  (typeof who === "string" ? t.client.with({ cookie: who }) : who).call(
    api.account.changePassword,
    { body: { currentPassword, newPassword } },
  );

describe(`editing the account on ${testDriver()}`, () => {
  it("changes the name and phone under the sign-up rules", async () => {
    const { email, id } = await newMember();
    const browser = await signedIn(email);
    const res = await browser.call(api.account.updateProfile, {
      body: { fullName: "  Budi Santoso ", phone: "0812-9876-5432" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user: { fullName: "Budi Santoso", phone: "+6281298765432" },
    });
    const [u] = await db().select().from(users).where(eq(users.id, id));
    expect(u).toMatchObject({ fullName: "Budi Santoso", phone: "+6281298765432" });
  });

  it("refuses an invalid name or phone with field issues and changes nothing", async () => {
    const { email, id } = await newMember();
    const browser = await signedIn(email);
    const [before] = await db().select().from(users).where(eq(users.id, id));
    for (const [body, issues] of [
      [
        { fullName: "  ", phone: "12345" },
        { fullName: "full_name_required", phone: "phone_invalid" },
      ],
      [{ fullName: "Budi", phone: "0812-9876-5432x" }, { phone: "phone_invalid" }],
      [{ fullName: "B".repeat(101), phone: "081298765432" }, { fullName: "full_name_too_long" }],
      [{ fullName: "Budi", phone: "" }, { phone: "phone_required" }],
    ] as const) {
      const res = await browser.call(api.account.updateProfile, { body });
      expect(res.status).toBe(400);
      const error = res.error;
      expect(error.code).toBe("validation_failed");
      expect(Object.fromEntries(error.issues!.map((i) => [i.path[0], i.message]))).toEqual(issues);
    }
    const [after] = await db().select().from(users).where(eq(users.id, id));
    expect(after).toEqual(before);
  });

  it("refuses a password change without a session", async () => {
    const res = await t.client.call(api.account.changePassword, {
      body: { currentPassword: "rahasia123", newPassword: "baru12345" },
    });
    expect(res.status).toBe(401);
  });

  it("refuses a wrong current password on its field and counts it as a failed sign-in", async () => {
    const { email, id } = await newMember();
    // A browser with only the session (no device cookie), as a stolen session would be.
    const browser = await signedIn(email);
    const stolen = browser
      .jar!.header()
      .split("; ")
      .find((c) => c.startsWith("rupa.session_token="))!;
    const res = await changePassword(stolen, "tebakan-salah", "baru12345");
    expect(res.status).toBe(400);
    const error = res.error;
    expect(error.code).toBe("wrong_current_password");
    expect(error.issues).toEqual([
      { path: ["currentPassword"], message: "current_password_wrong" },
    ]);
    // Counted against the account's sign-in limit, as a wrong password at sign-in is…
    const [bucket] = (
      await db().execute<{ count: number }>(
        sql`SELECT count FROM rate_limit_buckets WHERE key = ${limiterKey("sign-in", "email", email)}`,
      )
    ).rows;
    expect(Number(bucket?.count)).toBe(1);
    const failed = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "sign_in_failed"), eq(securityEvents.userId, id)));
    expect(failed.map((e) => (e.details as { reason: string }).reason)).toEqual([
      "wrong_current_password",
    ]);
    // …so guessing through a session is slowed like guessing at sign-in: after 5 free failures
    // the account waits.
    const statuses: number[] = [];
    for (let i = 0; i < 12 && statuses.at(-1) !== 429; i++)
      statuses.push((await changePassword(stolen, `tebakan-${i}`, "baru12345")).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    // The password is unchanged (the owner's own browser, which skips the account's wait).
    const own = await browser.call(api.auth.signIn, {
      body: { email, password: "rahasia123" },
    });
    expect(own.status).toBe(200);
  });

  it("changes the password: other sessions end, this one stays, older reset links end, the mail arrives", async () => {
    const { email, id } = await newMember("en");
    const here = await signedIn(email);
    const phone = await signedIn(email);
    // A live reset link from before the change.
    await t.ctx.auth.api.requestPasswordReset({ body: { email, redirectTo: "/auth?reset=true" } });
    const resetMail = await mailArrives(t, email, "reset-password");
    const token = new URL(/https?:\/\/\S+/.exec(resetMail.textBody)![0]).searchParams.get("token")!;

    const same = await changePassword(here, "rahasia123", "rahasia123");
    expect(same.status).toBe(400);
    expect(same.error.issues).toMatchObject([
      { path: ["newPassword"], message: "new_password_same" },
    ]);
    const short = await changePassword(here, "rahasia123", "abc");
    expect(short.error.issues).toMatchObject([
      { path: ["newPassword"], message: "password_too_short" },
    ]);

    const res = await changePassword(here, "rahasia123", "baru12345");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await me(here))?.id).toBe(id);
    expect(await me(phone)).toBeNull();
    expect(await t.ctx.services.account.me({ userId: id, isAdmin: false })).not.toBeNull();

    const mail = await mailArrives(t, email, "password-changed");
    expect(mail.subject).toBe("Your Rupa password was changed");
    expect(mail.textBody).toContain("/auth?mode=forgot");

    const reset = await t.client.call(api.auth.resetPassword, {
      body: { token, newPassword: "lagi12345" },
    });
    expect(reset.status).toBe(400);
    expect(reset.error.code).toBe("invalid_token");

    const old = await t.client.call(api.auth.signIn, { body: { email, password: "rahasia123" } });
    expect(old.status).toBe(401);
    await signedIn(email, "baru12345");
    const [changed] = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "password_reset"), eq(securityEvents.userId, id)));
    expect(changed?.details).toEqual({ via: "signed_in_change" });
  });

  it("tells the member in Indonesian when that is their language", async () => {
    const { email } = await newMember("id");
    const browser = await signedIn(email);
    expect((await changePassword(browser, "rahasia123", "baru12345")).status).toBe(200);
    const mail = await mailArrives(t, email, "password-changed");
    expect(mail.subject).toBe("Password akun Rupa kamu sudah diganti");
  });
});
