import { latestMail, linkIn } from "../../../test/mail";
import { and, eq } from "drizzle-orm";
import { apiContract as api } from "@rupa/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CookieJar, testServerForFile, testDriver } from "../../../test/harness";
import { creditLots, mailOutbox, securityEvents, users } from "../../db/schema";

/**
 * The e-mailed confirmation link (docs/product/accounts.md): it confirms and signs in on
 * whichever device opens it, once, for 24 hours; a used, expired or bad link lands on /auth,
 * which says which. Its origin follows the request's (ADR 035).
 */
const t = testServerForFile();
afterEach(() => vi.useRealTimers());

let seq = 0;
const newEmail = () => `link${++seq}-${Date.now()}@example.com`;
const db = () => t.ctx.db.db;

async function signUp(email: string, referralCode?: string) {
  const res = await t.client.call(api.auth.signUp, {
    body: {
      fullName: "Ayu Lestari",
      phone: "081234567890",
      email,
      password: "rahasia123",
      ...(referralCode ? { referralCode } : {}),
    },
  });
  expect(res.status).toBe(201);
}

const confirmationLink = async (email: string) =>
  linkIn((await latestMail(t, email, "confirm-email"))!);

/** Opens the link in a browser of its own (`jar`): another device than the one that signed up. */
async function open(link: URL, jar = new CookieJar()) {
  const res = await t.client.as(jar).raw(link.pathname + link.search);
  return { res, jar, location: res.headers.get("location") };
}

const me = (jar: CookieJar) => t.client.as(jar).call(api.account.me);
const userByEmail = async (email: string) =>
  (await db().select().from(users).where(eq(users.email, email)))[0]!;

describe(`the confirmation link on ${testDriver()}`, () => {
  it("confirms, signs in on another device and lands on /eksplor, with the bonus once", async () => {
    const email = newEmail();
    await signUp(email);
    const link = await confirmationLink(email);
    // The origin the sign-up came on (the test client's requests are addressed to it).
    expect(link.origin).toBe("http://localhost");
    expect(link.pathname).toBe("/api/auth/verify-email");

    const first = await open(link);
    expect(first.res.status).toBe(302);
    expect(first.location).toBe("/eksplor?welcome=1");
    const signedIn = await me(first.jar);
    expect(signedIn.body.user).toMatchObject({ email, emailVerified: true });
    // The browser that opened it holds the mailbox: it becomes known to the account (ADR 011).
    expect(first.res.headers.getSetCookie().some((c) => c.startsWith("rupa.device="))).toBe(true);
    const u = await userByEmail(email);
    const lots = await db().select().from(creditLots).where(eq(creditLots.userId, u.id));
    expect(lots.map((l) => l.source)).toEqual(["signup_bonus"]);
    const events = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, u.id), eq(securityEvents.type, "sign_in")));
    expect(events.map((e) => e.details)).toEqual([{ via: "confirmation_link" }]);
  });

  it("works once: opened again it starts no session and says it was used", async () => {
    const email = newEmail();
    await signUp(email);
    const link = await confirmationLink(email);
    expect((await open(link)).location).toBe("/eksplor?welcome=1");

    const again = await open(link);
    expect(again.res.status).toBe(302);
    expect(again.location).toBe(`/auth?verified=used&email=${encodeURIComponent(email)}`);
    expect(again.res.headers.getSetCookie()).toEqual([]);
    expect((await me(again.jar)).body.user).toBeNull();
    const u = await userByEmail(email);
    const lots = await db().select().from(creditLots).where(eq(creditLots.userId, u.id));
    expect(lots).toHaveLength(1);
  });

  it("expires after 24 hours: says so, and a new link from /auth works", async () => {
    const email = newEmail();
    await signUp(email);
    const link = await confirmationLink(email);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 3600e3 + 60e3 });
    const late = await open(link);
    expect(late.location).toBe(`/auth?verified=expired&email=${encodeURIComponent(email)}`);
    expect(late.res.headers.getSetCookie()).toEqual([]);
    expect((await userByEmail(email)).emailVerified).toBe(false);
    vi.useRealTimers();

    // One minute short of a day still works.
    expect((await t.client.call(api.auth.resendVerification, { body: { email } })).status).toBe(
      200,
    );
    const sent = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "confirm-email")));
    expect(sent).toHaveLength(2);
    const fresh = await confirmationLink(email);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 3600e3 - 60e3 });
    const inTime = await open(fresh);
    expect(inTime.location).toBe("/eksplor?welcome=1");
    expect((await me(inTime.jar)).body.user).toMatchObject({ email });
  });

  it("refuses a forged or missing token without naming anyone", async () => {
    for (const query of [{ token: "forged" }, {}]) {
      const res = await t.client.call(api.auth.verifyEmail, { query });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/auth?verified=invalid");
    }
  });

  it("welcomes a referred member as invited by a friend", async () => {
    const referrer = newEmail();
    await signUp(referrer);
    await open(await confirmationLink(referrer));
    const code = (await userByEmail(referrer)).referralCode!;

    const friend = newEmail();
    await signUp(friend, code);
    expect((await open(await confirmationLink(friend))).location).toBe("/eksplor?welcome=referred");
  });

  it("signs in the link's own account even where someone else is signed in", async () => {
    const first = newEmail();
    await signUp(first);
    const { jar } = await open(await confirmationLink(first));
    const second = newEmail();
    await signUp(second);
    await open(await confirmationLink(second), jar);
    expect((await me(jar)).body.user).toMatchObject({ email: second });
  });

  it("builds the link on the origin the sign-up came on, when that host is local", async () => {
    const signUpOn = async (origin: string, email: string) => {
      const res = await t.app.request(`${origin}/api/account/sign-up`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({
          fullName: "Ayu Lestari",
          phone: "081234567890",
          email,
          password: "rahasia123",
        }),
      });
      expect(res.status).toBe(201);
      return (await confirmationLink(email)).origin;
    };
    expect(await signUpOn("http://192.168.1.20:3000", newEmail())).toBe("http://192.168.1.20:3000");
    expect(await signUpOn("http://127.0.0.1:3000", newEmail())).toBe("http://127.0.0.1:3000");
    // A host that is not local (a forged Host header) gets PUBLIC_URL's default instead.
    expect(await signUpOn("http://evil.example", newEmail())).toBe(t.ctx.env.PUBLIC_URL);
  });
});
