import { Writable } from "node:stream";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, createTestServer, testDriver, type TestServer } from "../../../test/harness";
import {
  accounts,
  creditLots,
  mailOutbox,
  referrals,
  results,
  securityEvents,
  users,
} from "../../db/schema";
import { newObjectKey } from "../../infra/storage/storage";
import { limiterKey } from "../rate-limit/rate-limit.service";

let t: TestServer;
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, cb) {
    logLines.push(chunk.toString());
    cb();
  },
});

beforeAll(async () => {
  t = await createTestServer({ logStream, env: { TRUST_PROXY: "true" } });
  t.actAs(null);
});
afterAll(() => t.close());

let ipSeq = 0;
/** Each call comes from its own IP unless one is given, so per-IP limits don't interfere. */
function call(
  path: string,
  opts: { method?: string; body?: unknown; jar?: CookieJar; ip?: string; origin?: string } = {},
) {
  const headers: Record<string, string> = {
    "x-forwarded-for": opts.ip ?? `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`,
  };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.jar?.size) headers.cookie = opts.jar.header();
  if (opts.origin) headers.origin = opts.origin;
  const init = {
    method: opts.method ?? (opts.body ? "POST" : "GET"),
    headers,
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  };
  return Promise.resolve(t.app.request(path, init)).then((res: Response) =>
    opts.jar ? opts.jar.store(res) : res,
  );
}

let emailSeq = 0;
const newEmail = () => `user${++emailSeq}-${Date.now()}@example.com`;
const db = () => t.ctx.db.db;

async function latestMail(to: string, kind: string) {
  const [m] = await db()
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.toAddress} = ${to} AND ${mailOutbox.kind} = ${kind}`)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return m;
}
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  fullName: "Ayu Lestari",
  phone: "0812-3456-7890",
  email,
  password: "rahasia123",
  ...extra,
});

async function signUp(email: string, extra: Record<string, unknown> = {}) {
  return call("/api/account/sign-up", { body: signUpBody(email, extra) });
}

async function confirm(email: string) {
  const mail = await latestMail(email, "confirm-email");
  const url = new URL(linkIn(mail!.textBody));
  return call(url.pathname + url.search);
}

async function signedIn(email: string, password = "rahasia123") {
  const jar = new CookieJar();
  const res = await call("/api/account/sign-in", { body: { email, password }, jar });
  expect(res.status).toBe(200);
  return jar;
}

async function newConfirmedUser(extra: Record<string, unknown> = {}) {
  const email = newEmail();
  expect((await signUp(email, extra)).status).toBe(201);
  expect((await confirm(email)).headers.get("location")).toBe("/auth?verified=1");
  const [u] = await db().select().from(users).where(eq(users.email, email));
  return { email, id: u!.id };
}

describe(`accounts on ${testDriver()}`, () => {
  it("signs up, confirms by e-mail link, grants the bonus once and signs in", async () => {
    const email = newEmail();
    const res = await signUp(email);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ status: "verification_sent", referral: "none" });

    const [u] = await db().select().from(users).where(eq(users.email, email));
    expect(u).toMatchObject({
      fullName: "Ayu Lestari",
      phone: "+6281234567890",
      emailVerified: false,
      preferredLanguage: "id",
    });
    expect(u!.referralCode).toMatch(/^[A-Z2-9]{8}$/);

    // Not confirmed yet: sign-in refused with its own code, and a new link is sent.
    const early = await call("/api/account/sign-in", { body: { email, password: "rahasia123" } });
    expect(early.status).toBe(403);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe(
      "email_not_verified",
    );

    const confirmed = await confirm(email);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/auth?verified=1");
    await t.ctx.services.auth.onAccountConfirmed(u!.id); // a second confirmation changes nothing
    const lots = await db().select().from(creditLots).where(eq(creditLots.userId, u!.id));
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({
      source: "signup_bonus",
      amount: 5,
      watermarked: true,
      expiresAt: null,
    });

    const jar = new CookieJar();
    const signin = await call("/api/account/sign-in", {
      body: { email: email.toUpperCase(), password: "rahasia123" },
      jar,
    });
    expect(signin.status).toBe(200);
    const cookie = signin.headers
      .getSetCookie()
      .find((c: string) => c.startsWith("rupa.session_token="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = (await (await call("/api/account/me", { jar })).json()) as {
      user: { email: string; role: string; credits: { balance: number; watermarkedOnly: boolean } };
    };
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
    expect(await res.json()).toEqual({ status: "verification_sent", referral: "none" });
    const same = await db()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(same).toHaveLength(1);
    const after = await db().select().from(accounts).where(eq(accounts.userId, id));
    expect(after[0]!.password).toBe(before[0]!.password);
    expect(await latestMail(email, "existing-account")).toBeTruthy();
    await signedIn(email); // the original password still works
  });

  it("gives the same answer for a wrong password and an unknown e-mail, and records both", async () => {
    const { email, id } = await newConfirmedUser();
    const wrong = await call("/api/account/sign-in", { body: { email, password: "not-it" } });
    const unknown = await call("/api/account/sign-in", {
      body: { email: "nobody@example.com", password: "not-it" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
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
    const res = await call("/api/account/sign-up", {
      body: { fullName: " ", phone: "12345", email: "not-an-email", password: "123" },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: string; issues: { path: string[]; message: string }[] };
    };
    expect(body.error.code).toBe("validation_failed");
    const byField: Record<string, string> = Object.fromEntries(
      body.error.issues.map((i) => [String(i.path[0]), i.message]),
    );
    expect(byField).toMatchObject({
      fullName: "full_name_required",
      phone: "phone_invalid",
      email: "email_invalid",
      password: "password_too_short",
    });
    const bad = await call("/api/account/sign-in", { body: "{oops" as unknown as object });
    expect(bad.status).toBe(400);
  });

  describe(
    "sign-in limits count failures per (address, e-mail) and never lock the owner out",
    { timeout: 90_000 },
    () => {
      const signIn = (email: string, password: string, ip?: string) =>
        call("/api/account/sign-in", { ip, body: { email, password } });
      const code = async (res: Response) =>
        ((await res.json()) as { error: { code: string } }).error.code;
      /** Lets time pass for the e-mail's wait: its deadline moves into the past. */
      const endEmailWait = (email: string) =>
        db().execute(
          sql`UPDATE rate_limit_buckets SET reset_at = now() - interval '1 second'
            WHERE key = ${limiterKey("sign-in", "email-wait", email)}`,
        );

      it("10 wrong passwords from 10 addresses do not stop the owner's sign-in from an 11th", async () => {
        const { email } = await newConfirmedUser();
        for (let i = 0; i < 10; i++)
          expect((await signIn(email, "wrong-password", `198.51.100.${i + 1}`)).status).toBe(401);
        // The owner's clean address (no failures on this e-mail) signs in at once: no wait, no lock.
        expect((await signIn(email, "rahasia123", "198.51.100.200")).status).toBe(200);
        // The spray goes on (5 more failures): still no lock for a clean address.
        for (let i = 0; i < 5; i++)
          expect((await signIn(email, "wrong-password", `198.51.101.${i + 1}`)).status).toBe(401);
        expect((await signIn(email, "rahasia123", "198.51.100.201")).status).toBe(200);

        // An address that failed on this e-mail is slowed down, not locked: one wait, capped at 30 s.
        const owner = "198.51.100.202";
        expect((await signIn(email, "typo-password", owner)).status).toBe(401);
        const slowed = await signIn(email, "rahasia123", owner);
        expect(slowed.status).toBe(429);
        expect(await code(slowed)).toBe("rate_limited");
        const wait = Number(slowed.headers.get("retry-after"));
        expect(wait).toBeGreaterThanOrEqual(29);
        expect(wait).toBeLessThanOrEqual(30);
        await endEmailWait(email);
        expect((await signIn(email, "rahasia123", owner)).status).toBe(200);

        const hits = await db()
          .select()
          .from(securityEvents)
          .where(eq(securityEvents.type, "rate_limited"));
        expect(hits.some((e) => (e.details as { by?: string }).by === "email")).toBe(true);
      });

      it("the e-mail's delay grows with its failures: 5 free, then 1, 2, 4… seconds", async () => {
        const { email } = await newConfirmedUser();
        const dirty = "192.0.2.77";
        expect((await signIn(email, "wrong-password", dirty)).status).toBe(401);
        for (let i = 0; i < 4; i++)
          expect((await signIn(email, "wrong-password", `192.0.2.${i + 1}`)).status).toBe(401);
        // 5 failures so far: free. The 6th failure (from a clean address) sets a 1 s wait…
        expect((await signIn(email, "wrong-password", "192.0.2.10")).status).toBe(401);
        const first = await signIn(email, "wrong-password", dirty);
        expect(first.status).toBe(429);
        expect(first.headers.get("retry-after")).toBe("1");
        await endEmailWait(email);
        // …the 7th a 2 s wait.
        expect((await signIn(email, "wrong-password", dirty)).status).toBe(401);
        const second = await signIn(email, "wrong-password", dirty);
        expect(second.status).toBe(429);
        expect(second.headers.get("retry-after")).toBe("2");
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
          expect(await code(limited)).toBe("rate_limited");
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
            const res = await call("/api/account/forgot-password", {
              ip,
              body: { email: `ghost${i}@example.com` },
            });
            expect(res.status).toBe(200);
          }
          const limited = await call("/api/account/forgot-password", {
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
    expect(
      await t.ctx.services.account.me(new Headers({ cookie: laptop.header() })),
    ).not.toBeNull();
    const out = await call("/api/account/sign-out", { method: "POST", jar: phone });
    expect(out.status).toBe(200);
    expect(
      out.headers
        .getSetCookie()
        .some((c: string) => c.startsWith("rupa.session_token=") && /max-age=0/i.test(c)),
    ).toBe(true);
    const me = (await (await call("/api/account/me", { jar: laptop })).json()) as { user: unknown };
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
    const other = await call("/api/account/forgot-password", {
      body: { email: "ghost@example.com" },
    });
    const mine = await call("/api/account/forgot-password", { body: { email } });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual(await mine.json());
    expect(await latestMail("ghost@example.com", "reset-password")).toBeUndefined();

    const link = new URL(linkIn((await latestMail(email, "reset-password"))!.textBody));
    expect(link.pathname).toBe("/auth");
    expect(link.searchParams.get("reset")).toBe("true");
    expect(link.searchParams.get("email")).toBe(email);
    const token = link.searchParams.get("token")!;

    const bad = await call("/api/account/reset-password", {
      body: { token: "nope", newPassword: "baru12345" },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("invalid_token");
    const short = await call("/api/account/reset-password", {
      body: { token, newPassword: "123" },
    });
    expect(short.status).toBe(400);

    expect(
      (await call("/api/account/reset-password", { body: { token, newPassword: "baru12345" } }))
        .status,
    ).toBe(200);
    expect(
      (await call("/api/account/sign-in", { body: { email, password: "rahasia123" } })).status,
    ).toBe(401);
    await signedIn(email, "baru12345");
    // The token works once.
    expect(
      (await call("/api/account/reset-password", { body: { token, newPassword: "lagi12345" } }))
        .status,
    ).toBe(400);
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

  it("completes a referral on confirmation and first avatar, and pays every 3 once", async () => {
    const referrer = await newConfirmedUser();
    const [r] = await db()
      .select({ code: users.referralCode })
      .from(users)
      .where(eq(users.id, referrer.id));
    const friends: string[] = [];
    for (let i = 0; i < 3; i++) {
      const email = newEmail();
      const res = await signUp(email, { referralCode: r!.code });
      expect(await res.json()).toEqual({ status: "verification_sent", referral: "recorded" });
      await confirm(email);
      const [u] = await db().select().from(users).where(eq(users.email, email));
      friends.push(u!.id);
    }
    // Three confirmed friends without an avatar: nothing completed, nothing paid, no premium.
    expect(await referralStatuses(referrer.id)).toEqual(["pending", "pending", "pending"]);
    expect((await t.ctx.services.credits.summary(referrer.id)).balance).toBe(5);
    const jar = await signedIn(referrer.email);
    const card = async () =>
      (await (await call("/api/referrals/me", { jar })).json()) as {
        completed: number;
        premiumUnlocked: boolean;
      };
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
    // Called twice at once (two generations finishing together): paid once.
    await Promise.all([
      t.ctx.services.referrals.onFirstAvatar(friends[2]!),
      t.ctx.services.referrals.onFirstAvatar(friends[2]!),
    ]);
    expect(await referralStatuses(referrer.id)).toEqual(["credited", "credited", "credited"]);
    const lots = await db().select().from(creditLots).where(eq(creditLots.userId, referrer.id));
    expect(lots.filter((l) => l.source === "referral_reward")).toHaveLength(1);
    expect(lots.find((l) => l.source === "referral_reward")).toMatchObject({
      amount: 5,
      watermarked: false,
    });
    expect((await t.ctx.services.credits.summary(referrer.id)).balance).toBe(10);
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
      const body = (await res.json()) as { error: { code: string } };
      expect(body.error.code).toBe("disposable_email");
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
          (await call("/api/account/sign-up", { ip, body: signUpBody(newEmail()) })).status,
        ).toBe(201);
      const capped = await call("/api/account/sign-up", { ip, body: signUpBody(newEmail()) });
      expect(capped.status).toBe(429);
      expect(((await capped.json()) as { error: { code: string } }).error.code).toBe(
        "signup_ip_limit",
      );
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
      t.ctx.services.credits,
      t.ctx.services.audit,
    );
    expect(await repo.recordPending(a.id, a.id)).toBe(false);
    expect(await repo.recordPending(a.id, b.id)).toBe(true);
    expect(await repo.recordPending(a.id, b.id)).toBe(false);
    const c = await newConfirmedUser();
    expect(await repo.recordPending(c.id, b.id)).toBe(false);
    const res = await signUp(newEmail(), { referralCode: "UNKNOWN1" });
    expect(((await res.json()) as { referral: string }).referral).toBe("refused");
  });

  it("applies a role change on the very next request", async () => {
    const admin = await newConfirmedUser();
    await t.ctx.services.admin.grantAdminByEmail(admin.email);
    const user = await newConfirmedUser();
    const adminJar = await signedIn(admin.email);
    const userJar = await signedIn(user.email);

    expect((await call("/api/admin/users", { jar: userJar })).status).toBe(403);
    expect((await call("/api/admin/users")).status).toBe(401);
    const promote = await call(`/api/admin/users/${user.id}/role`, {
      method: "PUT",
      body: { role: "admin" },
      jar: adminJar,
    });
    expect(promote.status).toBe(200);
    expect((await call("/api/admin/users", { jar: userJar })).status).toBe(200);
    await call(`/api/admin/users/${user.id}/role`, {
      method: "PUT",
      body: { role: "user" },
      jar: adminJar,
    });
    expect((await call("/api/admin/users", { jar: userJar })).status).toBe(403);
    const events = await db()
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.type, "role_changed"));
    expect(events.filter((e) => e.userId === user.id && e.actorId === admin.id)).toHaveLength(2);
    const bad = await call(`/api/admin/users/${user.id}/role`, {
      method: "PUT",
      body: { role: "owner" },
      jar: adminJar,
    });
    expect(bad.status).toBe(400);
  });

  it("saves the preferred language and refuses profile changes without a session", async () => {
    const { email } = await newConfirmedUser();
    const jar = await signedIn(email);
    const res = await call("/api/account/profile", {
      method: "PATCH",
      body: { preferredLanguage: "en" },
      jar,
    });
    expect(
      ((await res.json()) as { user: { preferredLanguage: string } }).user.preferredLanguage,
    ).toBe("en");
    expect(
      (await call("/api/account/profile", { method: "PATCH", body: { preferredLanguage: "en" } }))
        .status,
    ).toBe(401);
    expect(
      (
        await call("/api/account/profile", {
          method: "PATCH",
          body: { preferredLanguage: "fr" },
          jar,
        })
      ).status,
    ).toBe(400);
  });

  it("refuses a sign-in posted from another site", async () => {
    const { email } = await newConfirmedUser();
    const res = await call("/api/account/sign-in", {
      body: { email, password: "rahasia123" },
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toHaveLength(0);
  });

  it("deletes an account with its data and files after the e-mail is confirmed", async () => {
    const { email, id } = await newConfirmedUser();
    const jar = await signedIn(email);
    const key = newObjectKey({ kind: "user", id }, "jpg");
    await t.ctx.storage.put("generated-avatars", key, Buffer.from("img"));
    const wrong = await call("/api/account", {
      method: "DELETE",
      body: { confirmEmail: "someone@example.com" },
      jar,
    });
    expect(wrong.status).toBe(400);
    const ok = await call("/api/account", { method: "DELETE", body: { confirmEmail: email }, jar });
    expect(ok.status).toBe(200);
    expect(await db().select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await db().select().from(creditLots).where(eq(creditLots.userId, id))).toHaveLength(0);
    expect(await t.ctx.storage.exists("generated-avatars", key)).toBe(false);
    expect(
      (await call("/api/account/sign-in", { body: { email, password: "rahasia123" } })).status,
    ).toBe(401);
  });

  it("hashes passwords with scrypt and never logs them", async () => {
    const { id } = await newConfirmedUser();
    const [acc] = await db().select().from(accounts).where(eq(accounts.userId, id));
    expect(acc!.password).not.toContain("rahasia123");
    expect(acc!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const log = logLines.join("");
    expect(log).toContain("/api/account/sign-in"); // the log is being captured…
    expect(log).not.toContain("rahasia123"); // …and holds no password
    expect(log).not.toMatch(/"cookie":/i);
  });

  it("tells the browser whether Google sign-in is available and falls back without keys", async () => {
    expect(await (await call("/api/account/providers")).json()).toEqual({ google: false });
    const res = await call("/api/account/google/start");
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
      const res = await call(p, { method: "POST", body: {} });
      expect([404, 405], p).toContain(res.status);
    }
    const bad = await call("/api/auth/verify-email?token=forged");
    expect(bad.headers.get("location")).toBe("/auth?verified=0");
  });
});
