import { eq } from "drizzle-orm";
import { apiContract as api } from "@rupa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, createTestServer, type TestServer } from "../../../test/harness";
import { startFakeGoogle } from "../../../test/fake-google";
import { creditLots, referrals, users } from "../../db/schema";

/**
 * Google sign-in end to end against a local fake of Google's OAuth endpoints: the server's
 * start URL, Google's authorization endpoint (consent), the callback, and the server's own
 * token request. better-auth 1.7.7 hard-codes Google's token endpoint
 * (https://oauth2.googleapis.com/token), so the server's outgoing fetch is routed to the fake
 * for Google's hosts and refused for every other external host; the test plays the browser.
 */

const CLIENT_ID = "rupa-test.apps.googleusercontent.com";
const CLIENT_SECRET = "GOCSPX-test-secret";

let t: TestServer;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  google = await startFakeGoogle({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  globalThis.fetch = google.routeFetch(realFetch);
  t = await createTestServer({
    env: {
      TRUST_PROXY: "true",
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    },
  });
  t.actAs(null);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await t?.close();
  await google?.close();
});

let seq = 0;
function googleAccount() {
  const n = ++seq;
  return {
    sub: `1000000000000000${n}`,
    email: `g${n}-${Date.now()}@gmail.com`,
    name: "Budi Santoso",
  };
}

/** A member signed up by e-mail, and the referral code they share. */
async function referrer(): Promise<{ id: string; code: string }> {
  const email = `referrer${++seq}-${Date.now()}@example.com`;
  await t.ctx.services.auth.signUp(
    { fullName: "Sari", phone: "+6281234567890", email, password: "rahasia123", language: "id" },
    { headers: new Headers(), ip: `10.8.0.${seq}`, userAgent: null },
  );
  const [u] = await t.ctx.db.db.select().from(users).where(eq(users.email, email));
  return { id: u!.id, code: u!.referralCode! };
}

/**
 * The browser's round trip: Rupa's start (with the stored referral code, as the web sends it),
 * Google's consent, back to Rupa's callback. Returns the callback's answer.
 */
async function continueWithGoogle(jar: CookieJar, referralCode?: string) {
  const browser = t.client.as(jar);
  const start = await browser.call(api.auth.googleStart, { query: { referralCode } });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  expect(authorize.origin + authorize.pathname).toBe(
    "https://accounts.google.com/o/oauth2/v2/auth",
  );
  expect(authorize.searchParams.get("client_id")).toBe(CLIENT_ID);
  // The code is not on the way to Google: it stays in Rupa's OAuth state.
  if (referralCode) expect(authorize.toString()).not.toContain(referralCode);
  const consent = await realFetch(google.local(authorize.toString()), { redirect: "manual" });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get("location")!);
  expect(back.origin).toBe(t.ctx.env.PUBLIC_URL);
  expect(back.pathname).toBe("/api/auth/callback/google");
  expect(back.searchParams.get("code")).toBeTruthy();
  return browser.raw(back.pathname + back.search);
}

async function userByEmail(email: string) {
  const [u] = await t.ctx.db.db.select().from(users).where(eq(users.email, email));
  return u ?? null;
}
async function referralOf(userId: string) {
  return t.ctx.db.db.select().from(referrals).where(eq(referrals.referredId, userId));
}

describe("signing up with Google", () => {
  it("lists Google among the sign-in providers only now that both keys are set", async () => {
    // Without them (account.int.test.ts) the answer is { google: false } and no button shows.
    expect((await t.client.call(api.auth.providers)).body).toEqual({ google: true });
  });

  it("records the stored referral code as a pending referral, as the e-mail sign-up does", async () => {
    const r = await referrer();
    const a = googleAccount();
    google.signInAs(a);
    const jar = new CookieJar();
    const tokenCalls = google.calls.filter((c) => c.path === "/token").length;
    const done = await continueWithGoogle(jar, r.code);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toMatch(/\/eksplor$/);
    expect(google.calls.filter((c) => c.path === "/token")).toHaveLength(tokenCalls + 1);

    const u = await userByEmail(a.email);
    expect(u).toMatchObject({ fullName: "Budi Santoso", emailVerified: true });
    expect(await referralOf(u!.id)).toEqual([
      expect.objectContaining({ referrerId: r.id, referredId: u!.id, status: "pending" }),
    ]);
    // Confirmed by Google at creation: the sign-up bonus came too, and the session works.
    const lots = await t.ctx.db.db.select().from(creditLots).where(eq(creditLots.userId, u!.id));
    expect(lots.map((l) => l.source)).toEqual(["signup_bonus"]);
    const me = (await t.client.as(jar).call(api.account.me)).body;
    expect(me.user?.email).toBe(a.email);
  });

  it("accepts the code in any letter case, as the e-mail sign-up does", async () => {
    const r = await referrer();
    const a = googleAccount();
    google.signInAs(a);
    expect((await continueWithGoogle(new CookieJar(), r.code.toLowerCase())).status).toBe(302);
    const u = await userByEmail(a.email);
    expect(await referralOf(u!.id)).toEqual([expect.objectContaining({ referrerId: r.id })]);
  });

  it("ignores an unknown or malformed code and still signs the user up", async () => {
    for (const code of ["NOSUCHCODE", "x<", undefined]) {
      const a = googleAccount();
      google.signInAs(a);
      const jar = new CookieJar();
      const done = await continueWithGoogle(jar, code);
      expect(done.headers.get("location")).toMatch(/\/eksplor$/);
      const u = await userByEmail(a.email);
      expect(u).not.toBeNull();
      expect(await referralOf(u!.id)).toEqual([]);
    }
  });

  it("records nothing when an existing Google user signs in again through a referral link", async () => {
    const a = googleAccount();
    google.signInAs(a);
    await continueWithGoogle(new CookieJar());
    const u = await userByEmail(a.email);
    const r = await referrer();
    const again = await continueWithGoogle(new CookieJar(), r.code);
    expect(again.status).toBe(302);
    expect(await referralOf(u!.id)).toEqual([]);
  });

  it("cannot be referred by a code added to the callback instead of the start", async () => {
    const r = await referrer();
    const a = googleAccount();
    google.signInAs(a);
    const browser = t.client.as(new CookieJar());
    const start = await browser.call(api.auth.googleStart);
    const consent = await realFetch(google.local(start.headers.get("location")!), {
      redirect: "manual",
    });
    const back = new URL(consent.headers.get("location")!);
    back.searchParams.set("referralCode", r.code);
    expect((await browser.raw(back.pathname + back.search)).status).toBe(302);
    const u = await userByEmail(a.email);
    expect(u).not.toBeNull();
    expect(await referralOf(u!.id)).toEqual([]);
  });
});
