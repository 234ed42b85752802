import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { refusal } from "../../../test/refusal";
import type { RequestMeta } from "../../lib/request-meta";
import type { UserRow } from "../account/account.repository";
import type { SecurityEventInput } from "../security/security-events.repository";
import { type AuthDeps, createAuthService } from "./auth.service";

/**
 * The sign-in service's own rules against in-memory fakes (better-auth itself is faked at its
 * API): what is refused before anything is created, how referrals are recorded for e-mail and
 * Google sign-ups, how a sign-in outcome counts against the limits, and the confirmation bonus.
 * The full paths run against real databases in account.int.test.ts and google-sign-up.int.test.ts.
 */

/** A better-auth APIError as the service sees it. */
const authError = (code: string) => Object.assign(new Error(code), { body: { code } });

function world(env: Partial<AuthDeps["env"]> = {}) {
  const users = new Map<string, UserRow>();
  const passwords = new Map<string, string>();
  const referrals: { referrerId: string; referredId: string }[] = [];
  const events: SecurityEventInput[] = [];
  const grants: { userId: string; amount: number; source: string }[] = [];
  const outcomes: string[] = [];
  const socialBodies: Record<string, unknown>[] = [];
  const settings = new Map<string, number>([
    ["rate_limit_auth_per_15min", 10],
    ["signup_ip_daily_cap", 20],
    ["signup_bonus_credits", 3],
    ["referral_reward_every", 3],
    ["referral_reward_credits", 5],
  ]);

  const addUser = (email: string, over: Partial<UserRow> = {}): UserRow => {
    const u = {
      id: randomUUID(),
      email,
      fullName: "Ayu",
      phone: null,
      preferredLanguage: "id",
      emailVerified: false,
      totalGenerations: 0,
      referralCode: randomUUID().slice(0, 8).toUpperCase(),
      createdAt: new Date(),
      ...over,
    } as UserRow;
    users.set(u.id, u);
    return u;
  };
  const byEmail = (email: string) =>
    [...users.values()].find((u) => u.email.toLowerCase() === email.toLowerCase()) ?? null;

  const counted = (outcome: string) => {
    outcomes.push(outcome);
    return Promise.resolve();
  };
  const sent: { name: string; data: unknown }[] = [];
  const deps = {
    env: { GOOGLE_CLIENT_ID: "client", PUBLIC_URL: "http://localhost:3000", ...env },
    log: { info: () => undefined, warn: () => undefined },
    auth: {
      api: {
        signUpEmail({ body }: { body: { email: string; password: string } }) {
          if (byEmail(body.email)) return Promise.resolve({}); // better-auth mails the owner
          addUser(body.email);
          passwords.set(body.email, body.password);
          return Promise.resolve({});
        },
        signInEmail({ body }: { body: { email: string; password: string } }) {
          const u = byEmail(body.email);
          if (!u || passwords.get(u.email) !== body.password)
            return Promise.reject(authError("INVALID_EMAIL_OR_PASSWORD"));
          if (!u.emailVerified) return Promise.reject(authError("EMAIL_NOT_VERIFIED"));
          return Promise.resolve({
            response: { user: { id: u.id } },
            headers: new Headers({ "set-cookie": "rupa.session_token=abc; Path=/" }),
          });
        },
        signInSocial({ body }: { body: Record<string, unknown> }) {
          socialBodies.push(body);
          return Promise.resolve({
            response: { url: "https://accounts.google.com/o/oauth2/v2/auth?state=s" },
            headers: new Headers(),
          });
        },
        getSession: () => Promise.resolve(null),
      },
    },
    accounts: {
      findById: (id: string) => Promise.resolve(users.get(id) ?? null),
      findByEmail: (email: string) => Promise.resolve(byEmail(email)),
      roleOf: () => Promise.resolve("user"),
    },
    credits: {
      summary: () => Promise.resolve({ balance: 0, watermarkedOnly: false, nextExpiry: null }),
      grant(userId: string, g: { amount: number; source: string }) {
        grants.push({ userId, amount: g.amount, source: g.source });
        return Promise.resolve({ lotId: randomUUID() });
      },
    },
    referrals: {
      referrerIdByCode: (code: string) =>
        Promise.resolve(
          [...users.values()].find((u) => u.referralCode === code.toUpperCase())?.id ?? null,
        ),
      recordPending(referrerId: string, referredId: string) {
        if (referrerId === referredId || referrals.some((r) => r.referredId === referredId))
          return Promise.resolve(false);
        referrals.push({ referrerId, referredId });
        return Promise.resolve(true);
      },
      completeIfDue: () => Promise.resolve(null),
    },
    security: {
      record(e: SecurityEventInput) {
        events.push(e);
        return Promise.resolve();
      },
    },
    settings: { getInt: (key: string) => Promise.resolve(settings.get(key) ?? 0) },
    limiter: {
      consume: () => Promise.resolve(),
      signInGate: (who: unknown) => Promise.resolve({ who, trusted: false }),
      signInSucceeded: () => counted("succeeded"),
      signInFailed: () => counted("failed").then(() => ({ notifyOwner: false })),
      signInAborted: () => counted("aborted"),
    },
    switches: { getBool: () => Promise.resolve(true) },
    suspicious: { gate: () => Promise.resolve(), failed: () => Promise.resolve() },
    secret: "s".repeat(32),
    queue: {
      send(name: string, data: unknown) {
        sent.push({ name, data });
        return Promise.resolve("job");
      },
    },
    sendMail: () => Promise.resolve(),
  };
  const service = createAuthService(deps as unknown as AuthDeps);
  return {
    service,
    users,
    passwords,
    referrals,
    events,
    grants,
    outcomes,
    socialBodies,
    settings,
    addUser,
    byEmail,
  };
}

const meta: RequestMeta = { headers: new Headers(), ip: "10.0.0.9", userAgent: "vitest" };
const signUpInput = (email: string, referralCode?: string) => ({
  fullName: "Ayu",
  phone: "+6281234567890",
  email,
  password: "rahasia123",
  language: "id" as const,
  ...(referralCode ? { referralCode } : {}),
});

let w: ReturnType<typeof world>;
beforeEach(() => {
  w = world();
});

describe("e-mail sign-up", () => {
  it("refuses a throwaway address with 400 before creating anything", async () => {
    expect(await refusal(w.service.signUp(signUpInput("x@mailinator.com"), meta))).toEqual({
      code: "disposable_email",
      status: 400,
    });
    expect(w.users.size).toBe(0);
    expect(w.events).toEqual([]);
  });

  it("records a referral by a known code and a sign_up event", async () => {
    const referrer = w.addUser("sari@example.com");
    const res = await w.service.signUp(
      signUpInput("ayu@example.com", referrer.referralCode!),
      meta,
    );
    expect(res).toEqual({ status: "verification_sent", referral: "recorded" });
    const ayu = w.byEmail("ayu@example.com")!;
    expect(w.referrals).toEqual([{ referrerId: referrer.id, referredId: ayu.id }]);
    expect(w.events).toEqual([expect.objectContaining({ type: "sign_up", userId: ayu.id })]);
  });

  it("answers refused for an unknown code and none without one", async () => {
    expect(await w.service.signUp(signUpInput("a@example.com", "NOSUCHCODE"), meta)).toEqual({
      status: "verification_sent",
      referral: "refused",
    });
    expect(await w.service.signUp(signUpInput("b@example.com"), meta)).toEqual({
      status: "verification_sent",
      referral: "none",
    });
    expect(w.referrals).toEqual([]);
  });

  it("answers a taken e-mail like a new one and records nothing for it", async () => {
    const referrer = w.addUser("sari@example.com");
    w.addUser("taken@example.com");
    const res = await w.service.signUp(
      signUpInput("taken@example.com", referrer.referralCode!),
      meta,
    );
    expect(res).toEqual({ status: "verification_sent", referral: "recorded" });
    expect(w.referrals).toEqual([]);
    expect(w.events).toEqual([]);
  });
});

describe("Google sign-up referrals", () => {
  it("puts the referral code into the OAuth state at the start, and nothing without one", async () => {
    await w.service.googleStart(meta, "ABCD1234");
    await w.service.googleStart(meta);
    expect(w.socialBodies[0]).toMatchObject({
      provider: "google",
      additionalData: { referralCode: "ABCD1234" },
    });
    expect(w.socialBodies[1]).not.toHaveProperty("additionalData");
  });

  it("answers 503 google_unavailable without Google keys", async () => {
    const v = world({ GOOGLE_CLIENT_ID: undefined });
    expect(await refusal(v.service.googleStart(meta, "ABCD1234"))).toEqual({
      code: "google_unavailable",
      status: 503,
    });
    expect(v.socialBodies).toEqual([]);
  });

  it("records the new user's referral by a known code, like the e-mail sign-up", async () => {
    const referrer = w.addUser("sari@example.com");
    const newcomer = w.addUser("budi@gmail.com", { emailVerified: true });
    await w.service.onReferredSignUp(newcomer.id, referrer.referralCode!.toLowerCase());
    expect(w.referrals).toEqual([{ referrerId: referrer.id, referredId: newcomer.id }]);
  });

  it("ignores an unknown, malformed or own code", async () => {
    const newcomer = w.addUser("budi@gmail.com", { emailVerified: true });
    await w.service.onReferredSignUp(newcomer.id, "NOSUCHCODE");
    await w.service.onReferredSignUp(newcomer.id, "<script>");
    await w.service.onReferredSignUp(newcomer.id, newcomer.referralCode!);
    expect(w.referrals).toEqual([]);
  });
});

describe("e-mail sign-in", () => {
  it("signs in, passes the session cookie on and counts a success", async () => {
    const u = w.addUser("ayu@example.com", { emailVerified: true });
    w.passwords.set(u.email, "rahasia123");
    const res = await w.service.signIn({ email: u.email, password: "rahasia123" }, meta);
    expect(res.user).toMatchObject({ id: u.id, email: u.email, role: "user" });
    expect(res.setCookies[0]).toBe("rupa.session_token=abc; Path=/");
    // …and the device cookie that makes this browser known to the account (ADR 011).
    expect(res.setCookies[1]).toMatch(/^rupa\.device=[\w-]{22}\.[\w-]{32}; Path=\/; .*HttpOnly/);
    expect(w.outcomes).toEqual(["succeeded"]);
    expect(w.events).toEqual([expect.objectContaining({ type: "sign_in", userId: u.id })]);
  });

  it("answers 401 alike for a wrong password and an unknown e-mail, counting both as failures", async () => {
    const u = w.addUser("ayu@example.com", { emailVerified: true });
    w.passwords.set(u.email, "rahasia123");
    for (const email of [u.email, "nobody@example.com"]) {
      expect(await refusal(w.service.signIn({ email, password: "wrong-one" }, meta))).toEqual({
        code: "invalid_credentials",
        status: 401,
      });
    }
    expect(w.outcomes).toEqual(["failed", "failed"]);
    expect(w.events.map((e) => e.details?.reason)).toEqual(["wrong_password", "unknown_email"]);
    // The account is kept as a digest (the suspicious-activity check counts them), never in clear.
    expect(JSON.stringify(w.events)).not.toContain("@");
  });

  it("answers 403 to an unconfirmed account with the right password, not as a failure", async () => {
    const u = w.addUser("ayu@example.com");
    w.passwords.set(u.email, "rahasia123");
    expect(
      await refusal(w.service.signIn({ email: u.email, password: "rahasia123" }, meta)),
    ).toEqual({ code: "email_not_verified", status: 403 });
    expect(w.outcomes).toEqual(["succeeded"]);
  });
});

describe("confirmation", () => {
  it("grants the watermarked sign-up bonus from the setting, and none when it is 0", async () => {
    const u = w.addUser("ayu@example.com");
    await w.service.onAccountConfirmed(u.id);
    w.settings.set("signup_bonus_credits", 0);
    await w.service.onAccountConfirmed(u.id);
    expect(w.grants).toEqual([{ userId: u.id, amount: 3, source: "signup_bonus" }]);
  });
});
