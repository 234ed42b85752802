import { and, eq, sql } from "drizzle-orm";
import { apiContract as api } from "@rupa/shared";
import { describe, expect, it, vi } from "vitest";
import { CookieJar, captureLog, testServerForFile, testDriver } from "../../../test/harness";
import { latestMail, linkIn, mailArrives } from "../../../test/mail";
import {
  accounts,
  creditLots,
  mailOutbox,
  rateLimitBuckets,
  referrals,
  results,
  securityEvents,
  users,
} from "../../db/schema";
import { newObjectKey } from "../../infra/storage/storage";
import { ACCOUNT_MAIL_JOB } from "../auth/account-mail";
import { OWNER_NOTICE_FAILURES, limiterKey } from "../rate-limit/rate-limit.service";
import { SUSPICIOUS_ACCOUNTS, SUSPICIOUS_DELAY_SECONDS } from "../security/suspicious-activity";

const serverLog = captureLog();
const t = testServerForFile({ logStream: serverLog.stream, env: { TRUST_PROXY: "true" } });

let emailSeq = 0;
const newEmail = () => `user${++emailSeq}-${Date.now()}@example.com`;
const db = () => t.ctx.db.db;

const tokenIn = (m: { textBody: string }) => linkIn(m).searchParams.get("token")!;

/** Jobs sent while `fn` runs (still sent on, unless `hold` keeps them back). */
async function jobsSentDuring<T>(
  fn: () => Promise<T>,
  hold = false,
): Promise<{ result: T; jobs: { name: string; data: unknown }[] }> {
  const spy = vi.spyOn(t.ctx.queue, "send");
  if (hold) spy.mockResolvedValue(null);
  try {
    const result = await fn();
    return { result, jobs: spy.mock.calls.map(([name, data]) => ({ name, data })) };
  } finally {
    spy.mockRestore();
  }
}

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  fullName: "Ayu Lestari",
  phone: "0812-3456-7890",
  email,
  password: "rahasia123",
  ...extra,
});

async function signUp(email: string, extra: Record<string, unknown> = {}) {
  return t.client.call(api.auth.signUp, { body: signUpBody(email, extra) });
}

async function confirm(email: string) {
  const mail = await latestMail(t, email, "confirm-email");
  const url = linkIn(mail!);
  return t.client.raw(url.pathname + url.search);
}

const signedIn = (email: string, password = "rahasia123") => t.client.signIn(email, password);

async function newConfirmedUser(extra: Record<string, unknown> = {}) {
  const email = newEmail();
  expect((await signUp(email, extra)).status).toBe(201);
  expect((await confirm(email)).headers.get("location")).toBe("/eksplor?welcome=1");
  const [u] = await db().select().from(users).where(eq(users.email, email));
  return { email, id: u!.id };
}

describe(`accounts on ${testDriver()}`, () => {
  it("signs up, confirms by e-mail link, grants the bonus once and signs in", async () => {
    const email = newEmail();
    const res = await signUp(email);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: "verification_sent", referral: "none" });

    const [u] = await db().select().from(users).where(eq(users.email, email));
    expect(u).toMatchObject({
      fullName: "Ayu Lestari",
      phone: "+6281234567890",
      emailVerified: false,
      preferredLanguage: "id",
    });
    expect(u!.referralCode).toMatch(/^[A-Z2-9]{8}$/);

    // Not confirmed yet: sign-in refused with its own code, and a new link is sent.
    const early = await t.client.call(api.auth.signIn, {
      body: { email, password: "rahasia123" },
    });
    expect(early.status).toBe(403);
    expect(early.error.code).toBe("email_not_verified");

    const confirmed = await confirm(email);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/eksplor?welcome=1");
    await t.ctx.services.auth.onAccountConfirmed(u!.id); // a second confirmation changes nothing
    const lots = await db().select().from(creditLots).where(eq(creditLots.userId, u!.id));
    expect(lots).toMatchObject([
      { source: "signup_bonus", amount: 5, watermarked: true, expiresAt: null },
    ]);

    const browser = t.client.as(new CookieJar());
    const signin = await browser.call(api.auth.signIn, {
      body: { email: email.toUpperCase(), password: "rahasia123" },
    });
    expect(signin.status).toBe(200);
    const cookie = signin.headers
      .getSetCookie()
      .find((c: string) => c.startsWith("rupa.session_token="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = (await browser.call(api.account.me)).body;
    expect(me.user).toMatchObject({
      email,
      role: "user",
      credits: { balance: 5, watermarkedOnly: true },
    });
  });

  it("grants the bonus from the signup_bonus_credits setting", async () => {
    await t.ctx.services.settings.set("signup_bonus_credits", "3", null);
    try {
      const { id } = await newConfirmedUser();
      const lots = await db().select().from(creditLots).where(eq(creditLots.userId, id));
      expect(lots.map((l) => l.amount)).toEqual([3]);
    } finally {
      await t.ctx.services.settings.set("signup_bonus_credits", "5", null);
    }
  });

  it("answers a duplicate e-mail like a new one, creates nothing and tells the owner", async () => {
    const { email, id } = await newConfirmedUser();
    const before = await db().select().from(accounts).where(eq(accounts.userId, id));
    const res = await signUp(email.toUpperCase(), { password: "another-password" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: "verification_sent", referral: "none" });
    const same = await db()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(same).toHaveLength(1);
    const after = await db().select().from(accounts).where(eq(accounts.userId, id));
    expect(after[0]!.password).toBe(before[0]!.password);
    expect(await latestMail(t, email, "existing-account")).toBeTruthy();
    await signedIn(email); // the original password still works
  });

  it("gives the same answer for a wrong password and an unknown e-mail, and records both", async () => {
    const { email, id } = await newConfirmedUser();
    const wrong = await t.client.call(api.auth.signIn, { body: { email, password: "not-it" } });
    const unknown = await t.client.call(api.auth.signIn, {
      body: { email: "nobody@example.com", password: "not-it" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.error).toEqual(unknown.error);
    const events = await db()
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.type, "sign_in_failed"));
    expect(events.some((e) => e.userId === id)).toBe(true);
    expect(
      events.some(
        (e) => e.userId === null && (e.details as { reason?: string }).reason === "unknown_email",
      ),
    ).toBe(true);
  });

  it("validates input on the server with field issues", async () => {
    const res = await t.client.call(api.auth.signUp, {
      body: { fullName: " ", phone: "12345", email: "not-an-email", password: "123" },
    });
    expect(res.status).toBe(400);
    expect(res.error.code).toBe("validation_failed");
    const byField: Record<string, string> = Object.fromEntries(
      res.error.issues!.map((i) => [String(i.path[0]), i.message]),
    );
    expect(byField).toMatchObject({
      fullName: "full_name_required",
      phone: "phone_invalid",
      email: "email_invalid",
      password: "password_too_short",
    });
    const bad = await t.client.raw(api.auth.signIn, { body: "{oops" });
    expect(bad.status).toBe(400);
  });

  describe(
    "sign-in limits slow guessing per account and never lock the owner or a network out",
    { timeout: 90_000 },
    () => {
      const signIn = (email: string, password: string, ip?: string) =>
        t.client.call(api.auth.signIn, { ip, body: { email, password } });
      /** Lets time pass for the e-mail's wait: its deadline moves into the past. */
      const endEmailWait = (email: string) =>
        db().execute(
          sql`UPDATE rate_limit_buckets SET reset_at = now() - interval '1 second'
            WHERE key = ${limiterKey("sign-in", "email-wait", email)}`,
        );

      /**
       * One failed attempt that sets the e-mail's wait: checks the wait it set (its deadline is
       * `seconds` after the attempt started, within the attempt's own time), then holds the wait
       * whole, as if no time had passed, so the next attempt meets it however slow the machine.
       */
      const failSettingWait = async (email: string, ip: string, seconds: number) => {
        const started = Date.now();
        expect((await signIn(email, "wrong-password", ip)).status).toBe(401);
        const ended = Date.now();
        const key = limiterKey("sign-in", "email-wait", email);
        const [wait] = await db()
          .select({ resetAt: rateLimitBuckets.resetAt })
          .from(rateLimitBuckets)
          .where(eq(rateLimitBuckets.key, key));
        const deadline = wait!.resetAt.getTime();
        expect(deadline).toBeGreaterThanOrEqual(started + seconds * 1000 - 50);
        expect(deadline).toBeLessThanOrEqual(ended + seconds * 1000 + 50);
        await db().execute(
          sql`UPDATE rate_limit_buckets SET reset_at = now() + ${`${seconds * 1000 - 100} milliseconds`}::interval
            WHERE key = ${key}`,
        );
      };

      it("guessing one account is slowed from every address; the owner's own browser is never held up", async () => {
        const { email } = await newConfirmedUser();
        // The owner signed in from this browser before: it holds the account's device cookie.
        const ownBrowser = t.client.as(new CookieJar());
        const first = await ownBrowser.call(api.auth.signIn, {
          ip: "198.51.100.200",
          body: { email, password: "rahasia123" },
        });
        expect(first.status).toBe(200);

        // 50 wrong passwords from 50 addresses: after 5 free failures, one attempt per wait.
        const statuses: number[] = [];
        for (let i = 0; i < 50; i++) {
          const res = await signIn(email, "wrong-password", `198.51.${100 + (i >> 6)}.${i + 1}`);
          statuses.push(res.status);
          if (res.status === 429) {
            expect(res.error.code).toBe("rate_limited");
            const wait = Number(res.headers.get("retry-after"));
            expect(wait).toBeGreaterThanOrEqual(1);
            expect(wait).toBeLessThanOrEqual(30);
          }
        }
        const checked = statuses.filter((x) => x === 401).length;
        expect(checked).toBeGreaterThanOrEqual(6);
        expect(checked).toBeLessThanOrEqual(10);
        expect(statuses.filter((x) => x === 429)).toHaveLength(50 - checked);
        expect(first.headers.getSetCookie().some((c) => c.startsWith("rupa.device="))).toBe(true);

        // The guessing goes on: the account's next attempt waits 20 s.
        await db().execute(
          sql`UPDATE rate_limit_buckets SET reset_at = now() + interval '20 seconds'
            WHERE key = ${limiterKey("sign-in", "email-wait", email)}`,
        );
        // The owner's browser signs in at once, from any address.
        const own = await ownBrowser.call(api.auth.signIn, {
          ip: "198.51.120.1",
          body: { email, password: "rahasia123" },
        });
        expect(own.status).toBe(200);
        // A new browser shares the account's pace: it waits (at most 30 s), then it is let in.
        const fresh = await signIn(email, "rahasia123", "198.51.120.2");
        expect(fresh.status).toBe(429);
        expect(Number(fresh.headers.get("retry-after"))).toBeGreaterThan(15);
        expect(Number(fresh.headers.get("retry-after"))).toBeLessThanOrEqual(20);
        await endEmailWait(email);
        expect((await signIn(email, "rahasia123", "198.51.120.2")).status).toBe(200);

        const hits = await db()
          .select()
          .from(securityEvents)
          .where(eq(securityEvents.type, "rate_limited"));
        expect(hits.some((e) => (e.details as { by?: string }).by === "email")).toBe(true);
      });

      it("the account's wait grows with its failures: 5 free, then 1, 2, 4… seconds, from any address", async () => {
        const { email } = await newConfirmedUser();
        for (let i = 0; i < 5; i++)
          expect((await signIn(email, "wrong-password", `192.0.2.${i + 1}`)).status).toBe(401);
        // 5 failures so far: free. The 6th attempt is checked and sets a 1 s wait…
        await failSettingWait(email, "192.0.2.10", 1);
        const first = await signIn(email, "wrong-password", "192.0.2.11");
        expect(first.status).toBe(429);
        expect(first.headers.get("retry-after")).toBe("1");
        await endEmailWait(email);
        // …the 7th a 2 s wait, for an address that never failed on it too.
        await failSettingWait(email, "192.0.2.12", 2);
        const second = await signIn(email, "wrong-password", "192.0.2.13");
        expect(second.status).toBe(429);
        expect(second.headers.get("retry-after")).toBe("2");
      });

      it("failures on other accounts never refuse a correct password from the same address", async () => {
        const { email } = await newConfirmedUser();
        const ip = "203.0.113.77"; // one carrier NAT address, shared by thousands
        for (let i = 0; i < SUSPICIOUS_ACCOUNTS; i++)
          expect(
            (await signIn(`sprayed${i}-${Date.now()}@example.com`, "nope-nope", ip)).status,
          ).toBe(401);
        const flagged = await db()
          .select()
          .from(securityEvents)
          .where(and(eq(securityEvents.type, "suspicious_activity"), eq(securityEvents.ip, ip)));
        expect(flagged).toHaveLength(1);
        // Someone else behind the same address signs in: slowed by a few seconds, never refused.
        const started = Date.now();
        expect((await signIn(email, "rahasia123", ip)).status).toBe(200);
        const took = Date.now() - started;
        expect(took).toBeGreaterThanOrEqual(SUSPICIOUS_DELAY_SECONDS * 1000 - 50);
        expect(took).toBeLessThan(SUSPICIOUS_DELAY_SECONDS * 1000 + 5000);
      });

      it("tells the owner by e-mail after repeated failures, in their language, once per window", async () => {
        const { email } = await newConfirmedUser({ language: "en" });
        const fail = async (i: number) => {
          await endEmailWait(email);
          expect((await signIn(email, "wrong-password", `198.18.0.${i + 1}`)).status).toBe(401);
        };
        const { jobs } = await jobsSentDuring(async () => {
          for (let i = 0; i < OWNER_NOTICE_FAILURES; i++) await fail(i);
          const notice = await mailArrives(t, email, "sign-in-failures");
          expect(notice.subject).toBe("Failed sign-ins to your Rupa account");
          expect(notice.textBody).not.toMatch(/198\.18/); // no addresses in the mail
          for (let i = 0; i < 5; i++) await fail(OWNER_NOTICE_FAILURES + i);
        });
        expect(jobs.filter((j) => j.name === ACCOUNT_MAIL_JOB)).toEqual([
          { name: ACCOUNT_MAIL_JOB, data: { kind: "sign-in-failures", email } },
        ]);
        const notices = await db()
          .select()
          .from(mailOutbox)
          .where(
            sql`${mailOutbox.toAddress} = ${email} AND ${mailOutbox.kind} = 'sign-in-failures'`,
          );
        expect(notices).toHaveLength(1);
      });

      it("lets 11 correct sign-ins from one address through", async () => {
        const { email } = await newConfirmedUser();
        const ip = "203.0.113.50";
        for (let i = 0; i < 11; i++)
          expect((await signIn(email, "rahasia123", ip)).status).toBe(200);
      });

      it("answers 429 with Retry-After to repeated failures on one (address, e-mail) pair only", async () => {
        await t.ctx.services.settings.set("rate_limit_auth_per_15min", "3", null);
        try {
          const { email } = await newConfirmedUser();
          const ip = "203.0.113.9";
          for (let i = 0; i < 3; i++)
            expect((await signIn(email, "nope-nope", ip)).status).toBe(401);
          const limited = await signIn(email, "rahasia123", ip);
          expect(limited.status).toBe(429);
          const retry = Number(limited.headers.get("retry-after"));
          expect(retry).toBeGreaterThan(800);
          expect(retry).toBeLessThanOrEqual(900);
          expect(limited.error.code).toBe("rate_limited");
          // Another e-mail from the same address, and the same e-mail from another, are not limited.
          const other = await newConfirmedUser();
          expect((await signIn(other.email, "rahasia123", ip)).status).toBe(200);
          expect((await signIn(email, "rahasia123", "203.0.113.10")).status).toBe(200);
          const hits = await db()
            .select()
            .from(securityEvents)
            .where(eq(securityEvents.type, "rate_limited"));
          expect(hits.some((e) => (e.details as { by?: string }).by === "pair")).toBe(true);
        } finally {
          await t.ctx.services.settings.set("rate_limit_auth_per_15min", "10", null);
        }
      });

      it("a successful sign-in resets its pair", async () => {
        await t.ctx.services.settings.set("rate_limit_auth_per_15min", "3", null);
        try {
          const { email } = await newConfirmedUser();
          const ip = "203.0.113.20";
          for (let i = 0; i < 2; i++)
            expect((await signIn(email, "nope-nope", ip)).status).toBe(401);
          expect((await signIn(email, "rahasia123", ip)).status).toBe(200);
          for (let i = 0; i < 3; i++)
            expect((await signIn(email, "nope-nope", ip)).status).toBe(401);
          expect((await signIn(email, "nope-nope", ip)).status).toBe(429);
        } finally {
          await t.ctx.services.settings.set("rate_limit_auth_per_15min", "10", null);
        }
      });

      it("still limits password-reset requests per address and e-mail", async () => {
        await t.ctx.services.settings.set("rate_limit_auth_per_15min", "3", null);
        try {
          const ip = "203.0.113.30";
          for (let i = 0; i < 3; i++) {
            const res = await t.client.call(api.auth.forgotPassword, {
              ip,
              body: { email: `ghost${i}@example.com` },
            });
            expect(res.status).toBe(200);
          }
          const limited = await t.client.call(api.auth.forgotPassword, {
            ip,
            body: { email: "ghost9@example.com" },
          });
          expect(limited.status).toBe(429);
          expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
        } finally {
          await t.ctx.services.settings.set("rate_limit_auth_per_15min", "10", null);
        }
      });
    },
  );

  it("ends every session of the user on sign-out", async () => {
    const { email, id } = await newConfirmedUser();
    const phone = await signedIn(email);
    const laptop = await signedIn(email);
    const before = (await laptop.call(api.account.me)).body;
    expect(before.user).not.toBeNull();
    const out = await phone.call(api.auth.signOut);
    expect(out.status).toBe(200);
    expect(
      out.headers
        .getSetCookie()
        .some((c: string) => c.startsWith("rupa.session_token=") && /max-age=0/i.test(c)),
    ).toBe(true);
    const me = (await laptop.call(api.account.me)).body;
    expect(me.user).toBeNull();
    const [{ n }] = (
      await db().execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${id}`,
      )
    ).rows as [{ n: number }];
    expect(Number(n)).toBe(0);
  });

  it("resets a password: same answer for unknown e-mails, token link, old password refused", async () => {
    const { email } = await newConfirmedUser();
    const other = await t.client.call(api.auth.forgotPassword, {
      body: { email: "ghost@example.com" },
    });
    const mine = await t.client.call(api.auth.forgotPassword, { body: { email } });
    expect(other.status).toBe(200);
    expect(other.json).toEqual(mine.json);

    const link = linkIn(await mailArrives(t, email, "reset-password"));
    expect(await latestMail(t, "ghost@example.com", "reset-password")).toBeUndefined();
    expect(link.pathname).toBe("/auth");
    expect(link.searchParams.get("reset")).toBe("true");
    expect(link.searchParams.get("email")).toBe(email);
    const token = link.searchParams.get("token")!;

    const bad = await t.client.call(api.auth.resetPassword, {
      body: { token: "nope", newPassword: "baru12345" },
    });
    expect(bad.status).toBe(400);
    expect(bad.error.code).toBe("invalid_token");
    const short = await t.client.call(api.auth.resetPassword, {
      body: { token, newPassword: "123" },
    });
    expect(short.status).toBe(400);

    const done = await t.client.call(api.auth.resetPassword, {
      body: { token, newPassword: "baru12345" },
    });
    expect(done.status).toBe(200);
    // The browser that set the password from the mailbox's link is known to the account now.
    expect(done.headers.getSetCookie().some((c) => c.startsWith("rupa.device="))).toBe(true);
    expect(
      (await t.client.call(api.auth.signIn, { body: { email, password: "rahasia123" } })).status,
    ).toBe(401);
    await signedIn(email, "baru12345");
    // The token works once.
    expect(
      (await t.client.call(api.auth.resetPassword, { body: { token, newPassword: "lagi12345" } }))
        .status,
    ).toBe(400);
  });

  it("forgot-password does the same work for a registered and an unknown address; the mail comes from a job", async () => {
    const { email } = await newConfirmedUser();
    const ghost = `ghost-${Date.now()}@example.com`;
    // Jobs are held back here, so what the answer needed is all that ran before it.
    const { result, jobs } = await jobsSentDuring(async () => {
      const known = await t.client.call(api.auth.forgotPassword, { body: { email } });
      const unknown = await t.client.call(api.auth.forgotPassword, { body: { email: ghost } });
      return [known, unknown] as const;
    }, true);
    const [known, unknown] = result;
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    // One job each, of the same shape (the link's origin is the request's: ADR 035); no link
    // and no mail yet for either.
    const origin = "http://localhost";
    expect(jobs).toEqual([
      { name: ACCOUNT_MAIL_JOB, data: { kind: "password-reset", email, origin } },
      { name: ACCOUNT_MAIL_JOB, data: { kind: "password-reset", email: ghost, origin } },
    ]);
    expect(await latestMail(t, email, "reset-password")).toBeUndefined();
    const [{ n: links }] = (
      await db().execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM verifications v JOIN users u ON u.id = v.value
          WHERE u.email = ${email} AND starts_with(v.identifier, 'reset-password:')`,
      )
    ).rows as [{ n: number }];
    expect(Number(links)).toBe(0);
    const events = await db()
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.type, "password_reset_requested"));
    expect(
      events.filter((e) => e.createdAt >= new Date(Date.now() - 60_000)).length,
    ).toBeGreaterThanOrEqual(2);

    // The jobs send the mail afterwards: the registered address gets its link, the other nothing.
    const sent = await Promise.all(
      jobs.map((j) => t.ctx.queue.send(ACCOUNT_MAIL_JOB, j.data as never)),
    );
    await mailArrives(t, email, "reset-password");
    for (let i = 0; i < 200; i++) {
      const info = await t.ctx.queue.jobInfo(ACCOUNT_MAIL_JOB, sent[1]!);
      if (info?.state === "completed") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await t.ctx.queue.jobInfo(ACCOUNT_MAIL_JOB, sent[1]!))?.state).toBe("completed");
    expect(await latestMail(t, ghost, "reset-password")).toBeUndefined();
  });

  describe("an older reset link stops working", () => {
    const resetWith = (token: string, newPassword = "baru12345") =>
      t.client.call(api.auth.resetPassword, { body: { token, newPassword } });
    const requestLink = async (email: string, previous?: string) => {
      expect((await t.client.call(api.auth.forgotPassword, { body: { email } })).status).toBe(200);
      return tokenIn(await mailArrives(t, email, "reset-password", (m) => tokenIn(m) !== previous));
    };

    it("when a newer link is requested", async () => {
      const { email } = await newConfirmedUser();
      const older = await requestLink(email);
      const newer = await requestLink(email, older);
      expect((await resetWith(older)).status).toBe(400);
      expect((await resetWith(newer)).status).toBe(200);
    });

    it("when the password is changed (with another live link)", async () => {
      const { email } = await newConfirmedUser();
      const older = await requestLink(email);
      // A second live link, as two requests at once or a link sent before this change leave
      // (made by the auth library directly, so the newer-link rule has not ended the first).
      await t.ctx.auth.api.requestPasswordReset({
        body: { email, redirectTo: "/auth?reset=true" },
      });
      const other = tokenIn(
        await mailArrives(t, email, "reset-password", (m) => tokenIn(m) !== older),
      );
      expect((await resetWith(other)).status).toBe(200);
      expect((await resetWith(older, "lagi12345")).status).toBe(400);
      await signedIn(email, "baru12345");
    });

    it("when every session is signed out", async () => {
      const { email } = await newConfirmedUser();
      const older = await requestLink(email);
      const browser = await signedIn(email);
      expect((await browser.call(api.auth.signOut)).status).toBe(200);
      expect((await resetWith(older)).status).toBe(400);
      await signedIn(email);
    });
  });

  /** A finished avatar of the user, as a generation leaves it. */
  async function madeAvatar(userId: string) {
    await db()
      .insert(results)
      .values({ userId, imageKey: newObjectKey({ kind: "user", id: userId }, "jpg") });
  }
  const referralStatuses = async (referrerId: string) =>
    (await db().select().from(referrals).where(eq(referrals.referrerId, referrerId)))
      .map((x) => x.status)
      .sort();

  it("completes a referral on confirmation and first avatar, paying no credits, and unlocks premium at 3", async () => {
    const referrer = await newConfirmedUser();
    const [r] = await db()
      .select({ code: users.referralCode })
      .from(users)
      .where(eq(users.id, referrer.id));
    const friends: string[] = [];
    for (let i = 0; i < 3; i++) {
      const email = newEmail();
      const res = await signUp(email, { referralCode: r!.code });
      expect(res.body).toEqual({ status: "verification_sent", referral: "recorded" });
      await confirm(email);
      const [u] = await db().select().from(users).where(eq(users.email, email));
      friends.push(u!.id);
    }
    // Three confirmed friends without an avatar: nothing completed, nothing paid, no premium.
    expect(await referralStatuses(referrer.id)).toEqual(["pending", "pending", "pending"]);
    expect((await t.ctx.services.credits.summary(referrer.id)).balance).toBe(5);
    const browser = await signedIn(referrer.email);
    const card = async () => (await browser.call(api.referrals.mine)).body;
    expect(await card()).toMatchObject({ completed: 0, premiumUnlocked: false });

    // A call before the avatar exists changes nothing.
    await t.ctx.services.referrals.onFirstAvatar(friends[0]!);
    expect(await referralStatuses(referrer.id)).toEqual(["pending", "pending", "pending"]);

    await madeAvatar(friends[0]!);
    await t.ctx.services.referrals.onFirstAvatar(friends[0]!);
    await madeAvatar(friends[1]!);
    await t.ctx.services.referrals.onFirstAvatar(friends[1]!);
    await t.ctx.services.referrals.onFirstAvatar(friends[1]!); // a second avatar: no change
    expect(await referralStatuses(referrer.id)).toEqual(["completed", "completed", "pending"]);
    expect((await t.ctx.services.credits.summary(referrer.id)).balance).toBe(5);

    await madeAvatar(friends[2]!);
    // Called twice at once (two generations finishing together): completed once. Avatars pay
    // no credits (a friend's first purchase does: referrals.int.test.ts); they unlock premium.
    await Promise.all([
      t.ctx.services.referrals.onFirstAvatar(friends[2]!),
      t.ctx.services.referrals.onFirstAvatar(friends[2]!),
    ]);
    expect(await referralStatuses(referrer.id)).toEqual(["completed", "completed", "completed"]);
    const lots = await db().select().from(creditLots).where(eq(creditLots.userId, referrer.id));
    expect(lots.filter((l) => l.source === "referral_reward")).toHaveLength(0);
    expect((await t.ctx.services.credits.summary(referrer.id)).balance).toBe(5);
    expect(await card()).toMatchObject({ completed: 3, premiumUnlocked: true });
  });

  it("completes a referral at confirmation when the avatar came first, never before", async () => {
    const referrer = await newConfirmedUser();
    const [r] = await db()
      .select({ code: users.referralCode })
      .from(users)
      .where(eq(users.id, referrer.id));
    const email = newEmail();
    await signUp(email, { referralCode: r!.code });
    const [u] = await db().select().from(users).where(eq(users.email, email));
    await madeAvatar(u!.id);
    // An avatar without a confirmed e-mail does not complete it.
    await t.ctx.services.referrals.onFirstAvatar(u!.id);
    expect(await referralStatuses(referrer.id)).toEqual(["pending"]);
    await confirm(email);
    expect(await referralStatuses(referrer.id)).toEqual(["completed"]);
  });

  it("refuses disposable e-mail domains at sign-up", async () => {
    for (const email of [`farm${Date.now()}@mailinator.com`, `x${Date.now()}@Sub.Mailinator.COM`]) {
      const res = await signUp(email);
      expect(res.status).toBe(400);
      expect(res.error.code).toBe("disposable_email");
      expect(
        await db()
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${email.toLowerCase()}`),
      ).toHaveLength(0);
    }
    expect((await signUp(newEmail())).status).toBe(201);
  });

  it("caps sign-ups per network address per day with the signup_ip_daily_cap setting", async () => {
    expect(await t.ctx.services.settings.getInt("signup_ip_daily_cap")).toBe(20);
    await t.ctx.services.settings.set("signup_ip_daily_cap", "2", null);
    try {
      const ip = "203.0.113.60";
      for (let i = 0; i < 2; i++)
        expect(
          (await t.client.call(api.auth.signUp, { ip, body: signUpBody(newEmail()) })).status,
        ).toBe(201);
      const capped = await t.client.call(api.auth.signUp, { ip, body: signUpBody(newEmail()) });
      expect(capped.status).toBe(429);
      expect(capped.error.code).toBe("signup_ip_limit");
      const retry = Number(capped.headers.get("retry-after"));
      expect(retry).toBeGreaterThan(23 * 3600);
      expect(retry).toBeLessThanOrEqual(24 * 3600);
      // Another address still signs up.
      expect((await signUp(newEmail())).status).toBe(201);
      const hits = await db()
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.type, "rate_limited"));
      expect(
        hits.some((e) => (e.details as { endpoint?: string }).endpoint === "sign-up-daily"),
      ).toBe(true);
    } finally {
      await t.ctx.services.settings.set("signup_ip_daily_cap", "20", null);
    }
  });

  it("refuses self-referral, a second referral of one user and unknown codes", async () => {
    const a = await newConfirmedUser();
    const b = await newConfirmedUser();
    const repo = (await import("../referrals/referrals.repository")).createReferralsRepository(
      db(),
    );
    expect(await repo.recordPending(a.id, a.id)).toBe(false);
    expect(await repo.recordPending(a.id, b.id)).toBe(true);
    expect(await repo.recordPending(a.id, b.id)).toBe(false);
    const c = await newConfirmedUser();
    expect(await repo.recordPending(c.id, b.id)).toBe(false);
    const res = await signUp(newEmail(), { referralCode: "UNKNOWN1" });
    expect(res.body.referral).toBe("refused");
  });

  it("applies a role change on the very next request", async () => {
    const admin = await newConfirmedUser();
    await t.ctx.services.admin.users.grantAdminByEmail(admin.email);
    const user = await newConfirmedUser();
    const adminBrowser = await signedIn(admin.email);
    const userBrowser = await signedIn(user.email);

    expect((await userBrowser.call(api.admin.users)).status).toBe(403);
    expect((await t.client.call(api.admin.users)).status).toBe(401);
    const promote = await adminBrowser.call(api.admin.setRole, {
      params: { id: user.id },
      body: { role: "admin" },
    });
    expect(promote.status).toBe(200);
    expect((await userBrowser.call(api.admin.users)).status).toBe(200);
    await adminBrowser.call(api.admin.setRole, { params: { id: user.id }, body: { role: "user" } });
    expect((await userBrowser.call(api.admin.users)).status).toBe(403);
    const events = await db()
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.type, "role_changed"));
    expect(events.filter((e) => e.userId === user.id && e.actorId === admin.id)).toHaveLength(2);
    const bad = await adminBrowser.raw(api.admin.setRole, {
      params: { id: user.id },
      body: { role: "owner" },
    });
    expect(bad.status).toBe(400);
  });

  it("saves the preferred language and refuses profile changes without a session", async () => {
    const { email } = await newConfirmedUser();
    const browser = await signedIn(email);
    const res = await browser.call(api.account.updateProfile, {
      body: { preferredLanguage: "en" },
    });
    expect(res.body.user.preferredLanguage).toBe("en");
    expect(
      (await t.client.call(api.account.updateProfile, { body: { preferredLanguage: "en" } }))
        .status,
    ).toBe(401);
    expect(
      (await browser.raw(api.account.updateProfile, { body: { preferredLanguage: "fr" } })).status,
    ).toBe(400);
  });

  it("refuses a sign-in posted from another site", async () => {
    const { email } = await newConfirmedUser();
    const res = await t.client.call(api.auth.signIn, {
      body: { email, password: "rahasia123" },
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toHaveLength(0);
  });

  it("deletes an account with its data and files after the e-mail is confirmed", async () => {
    const { email, id } = await newConfirmedUser();
    const browser = await signedIn(email);
    const key = newObjectKey({ kind: "user", id }, "jpg");
    await t.ctx.storage.put("generated-avatars", key, Buffer.from("img"));
    const wrong = await browser.call(api.account.remove, {
      body: { confirmEmail: "someone@example.com" },
    });
    expect(wrong.status).toBe(400);
    const ok = await browser.call(api.account.remove, { body: { confirmEmail: email } });
    expect(ok.status).toBe(200);
    expect(await db().select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await db().select().from(creditLots).where(eq(creditLots.userId, id))).toHaveLength(0);
    expect(await t.ctx.storage.exists("generated-avatars", key)).toBe(false);
    expect(
      (await t.client.call(api.auth.signIn, { body: { email, password: "rahasia123" } })).status,
    ).toBe(401);
  });

  it("hashes passwords with scrypt and never logs them", async () => {
    const { id } = await newConfirmedUser();
    const [acc] = await db().select().from(accounts).where(eq(accounts.userId, id));
    expect(acc!.password).not.toContain("rahasia123");
    expect(acc!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const log = serverLog.text();
    expect(log).toContain("/api/account/sign-in"); // the log is being captured…
    expect(log).not.toContain("rahasia123"); // …and holds no password
    expect(log).not.toMatch(/"cookie":/i);
  });

  it("tells the browser whether Google sign-in is available and falls back without keys", async () => {
    expect((await t.client.call(api.auth.providers)).body).toEqual({ google: false });
    const res = await t.client.call(api.auth.googleStart);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth?google=unavailable");
  });

  it("only exposes the callback endpoints of the auth library", async () => {
    for (const p of [
      "/api/auth/sign-up/email",
      "/api/auth/sign-in/email",
      "/api/auth/list-sessions",
      "/api/auth/get-session",
    ]) {
      const res = await t.client.raw(p, { method: "POST", body: {} });
      expect([404, 405], p).toContain(res.status);
    }
    const bad = await t.client.call(api.auth.verifyEmail, { query: { token: "forged" } });
    expect(bad.headers.get("location")).toBe("/auth?verified=invalid");
  });
});
