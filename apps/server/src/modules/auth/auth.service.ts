import {
  referralCodeSchema,
  toLanguage,
  type Language,
  type Role,
  type SettingKey,
} from "@rupa/shared";
import type { z } from "zod";
import type {
  changePasswordRequestSchema,
  resetPasswordRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from "@rupa/shared";
import type { Env } from "../../env";
import { isUndeliverable, withLinkOrigin, type Auth } from "../../infra/auth/better-auth";
import type { MailMessage } from "../../infra/mail/mailer";
import { mailFor } from "../../infra/mail/templates";
import type { QueueOps } from "../../infra/queue/queue";
import { AppError, errors } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { RequestMeta } from "../../lib/request-meta";
import { toAccountUser } from "../account/account-user";
import type { AccountRepository, UserRow } from "../account/account.repository";
import type { CreditsService } from "../credits/credits.service";
import type { RateLimiter, SignInTicket } from "../rate-limit/rate-limit.service";
import type { ReferralsRepository } from "../referrals/referrals.repository";
import type { SecurityEventsRepository } from "../security/security-events.repository";
import { accountDigest, type SuspiciousActivity } from "../security/suspicious-activity";
import type { SettingsRepository } from "../settings/settings.repository";
import { ACCOUNT_MAIL_JOB, type AccountMail } from "./account-mail";
import { deviceSetCookie, newDeviceId, readDeviceCookie, verifyDevice } from "./device-cookie";
import { isDisposableEmail } from "./disposable-email";

export interface AuthDeps {
  env: Env;
  log: Logger;
  auth: Auth;
  accounts: AccountRepository;
  credits: CreditsService;
  referrals: ReferralsRepository;
  security: SecurityEventsRepository;
  settings: SettingsRepository;
  limiter: RateLimiter;
  /** On/off settings read on every sign-in and sign-up (cached a few seconds; ADR 018). */
  switches: { getBool(key: SettingKey): Promise<boolean> };
  suspicious: Pick<SuspiciousActivity, "gate" | "failed">;
  /** Signs the device cookie (AUTH_SECRET). */
  secret: string;
  /** Account mail goes out as a job, after the answer. */
  queue: Pick<QueueOps, "send">;
  sendMail: (mail: MailMessage) => Promise<void>;
  /** Records the photo consent ticked at sign-up (docs/product/privacy.md). */
  photoConsent?: (userId: string, ip: string | null) => Promise<void>;
}

/** The better-auth error code of a thrown APIError, if it is one. */
function authCode(e: unknown): string | null {
  const body = (e as { body?: { code?: unknown } } | null)?.body;
  return typeof body?.code === "string" ? body.code : null;
}

/**
 * The e-mail a confirmation token names, read without checking it: only to know the account's
 * state before better-auth checks the token (and to fill in the form after it refused an expired
 * one, whose signature it had checked). Null when the token is not a JWT with an e-mail.
 */
function tokenEmail(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as {
      email?: unknown;
    };
    return typeof payload.email === "string" ? payload.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** What opening the e-mailed confirmation link did (docs/product/accounts.md). */
export type ConfirmationOutcome =
  /** Confirmed now and signed in; `referred` when a friend's referral was recorded at sign-up. */
  | { kind: "signed_in"; setCookies: string[]; referred: boolean }
  /** The e-mail was confirmed already (by this link or another): the link starts nothing. */
  | { kind: "used"; email: string }
  /** Older than 24 hours: a new link can be sent to `email`. */
  | { kind: "expired"; email: string | null }
  | { kind: "invalid" };

const WINDOW = 15 * 60;
const DAY = 24 * 60 * 60;

/**
 * Sign-in and sessions: sign-up, sign-in, sign-out, e-mail confirmation, password reset, Google,
 * the session behind a request, and the sign-in rate limits (ADR 005, ADR 011).
 */
export function createAuthService(d: AuthDeps) {
  const secureCookies = d.env.PUBLIC_URL.startsWith("https:");

  async function authRule(name: string) {
    return {
      name,
      limit: await d.settings.getInt("rate_limit_auth_per_15min"),
      windowSeconds: WINDOW,
    };
  }

  const limited = (endpoint: string, meta: RequestMeta) => (by: string) =>
    d.security.record({
      from: meta,
      type: "rate_limited",
      severity: "warning",
      details: { endpoint, by },
    });

  /** Sign-up, password reset and verification: every request counts, per IP and per e-mail. */
  async function limit(name: string, meta: RequestMeta, email?: string) {
    const rule = await authRule(name);
    await d.limiter.consume(rule, { ip: meta.ip, email }, limited(name, meta));
  }

  /** New accounts per network address per day (a setting generous enough for carrier NAT). */
  async function limitDailySignUps(meta: RequestMeta) {
    const rule = {
      name: "sign-up-daily",
      limit: await d.settings.getInt("signup_ip_daily_cap"),
      windowSeconds: DAY,
      error: {
        code: "signup_ip_limit",
        message: "Too many sign-ups from this network today. Please try again tomorrow.",
      },
    };
    await d.limiter.consume(rule, { ip: meta.ip }, limited(rule.name, meta));
  }

  /**
   * A pending referral of a new user by the owner of `code`: refused when the code is unknown,
   * the user's own, or the user was referred already.
   */
  async function recordReferral(userId: string, code: string): Promise<"recorded" | "refused"> {
    const referrerId = await d.referrals.referrerIdByCode(code);
    const recorded = referrerId ? await d.referrals.recordPending(referrerId, userId) : false;
    return recorded ? "recorded" : "refused";
  }

  /** The owner of an account with repeated failed sign-ins gets one notice (a job sends it). */
  async function tellOwner(email: string): Promise<void> {
    try {
      await d.queue.send(ACCOUNT_MAIL_JOB, { kind: "sign-in-failures", email });
    } catch (err) {
      d.log.warn({ err }, "could not queue the failed sign-ins notice");
    }
  }

  /**
   * The gate before a password is checked, for sign-in and a signed-in password change alike
   * (ADR 011): a known device skips the flagged-address delay; the ticket is handed back to
   * `settlePassword` with the attempt's outcome.
   */
  async function gatePassword(email: string, meta: RequestMeta, endpoint: string) {
    const device = verifyDevice(d.secret, readDeviceCookie(meta.headers, secureCookies), email);
    // An address flagged for failures across many accounts is slowed, never refused.
    if (!device) await d.suspicious.gate(meta);
    const ticket = await d.limiter.signInGate(
      { ip: meta.ip, email, device },
      await d.settings.getInt("rate_limit_auth_per_15min"),
      limited(endpoint, meta),
    );
    return { device, ticket };
  }

  /** Reports a gated attempt's outcome; a failure may tell the owner (`owner`: their e-mail). */
  async function settlePassword(
    ticket: SignInTicket,
    outcome: "failed" | "succeeded" | "aborted",
    owner: string | null,
  ): Promise<void> {
    if (outcome === "succeeded") await d.limiter.signInSucceeded(ticket);
    else if (outcome === "aborted") await d.limiter.signInAborted(ticket);
    else {
      const { notifyOwner } = await d.limiter.signInFailed(ticket);
      if (notifyOwner && owner) await tellOwner(owner);
    }
  }

  async function sessionUserId(headers: Headers): Promise<string | null> {
    const s = await d.auth.api.getSession({ headers });
    return s?.user.id ?? null;
  }

  /** Confirms the account's e-mail and runs what confirming by link runs (the sign-up bonus…). */
  async function confirmNow(userId: string): Promise<void> {
    await d.accounts.markEmailVerified(userId);
    await service.onAccountConfirmed(userId);
  }

  const service = {
    sessionUserId,

    /** The verified actor of a request: session user, and whether they are an admin now. */
    async actor(headers: Headers): Promise<{ userId: string; role: Role } | null> {
      const userId = await sessionUserId(headers);
      if (!userId) return null;
      return { userId, role: await d.accounts.roleOf(userId) };
    },

    /**
     * Creates the account. With `email_verification_required` on, it waits for the link in the
     * confirmation e-mail (`verification_sent`); off, it is confirmed at once (sign-up bonus
     * and all) and can sign in straight away (`account_ready`). A taken e-mail gets the same
     * answer either way.
     */
    async signUp(
      input: z.output<typeof signUpRequestSchema>,
      meta: RequestMeta,
    ): Promise<{
      status: "verification_sent" | "account_ready";
      referral: "none" | "recorded" | "refused";
    }> {
      await limit("sign-up", meta, input.email);
      if (isDisposableEmail(input.email)) {
        throw new AppError(
          "disposable_email",
          400,
          "Throwaway e-mail addresses cannot sign up. Please use your own e-mail.",
        );
      }
      await limitDailySignUps(meta);
      const status = (await d.switches.getBool("email_verification_required"))
        ? ("verification_sent" as const)
        : ("account_ready" as const);
      // A taken e-mail gets the same answer as a new one (better-auth mails its owner instead).
      const existed = (await d.accounts.findByEmail(input.email)) !== null;
      try {
        await withLinkOrigin(meta.origin, () =>
          d.auth.api.signUpEmail({
            body: {
              name: input.fullName,
              email: input.email,
              password: input.password,
              phone: input.phone,
              preferredLanguage: input.language,
            },
            headers: meta.headers,
          }),
        );
      } catch (e) {
        const code = authCode(e);
        if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
          throw errors.conflict("email_taken", "An account with this e-mail already exists");
        }
        if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
          throw errors.validation([
            {
              path: ["password"],
              message: code === "PASSWORD_TOO_SHORT" ? "password_too_short" : "password_too_long",
            },
          ]);
        }
        throw e;
      }
      if (existed) {
        // Answer as a fresh sign-up would, so the referral field does not reveal the account.
        if (!input.referralCode) return { status, referral: "none" };
        return {
          status,
          referral: (await d.referrals.referrerIdByCode(input.referralCode))
            ? "recorded"
            : "refused",
        };
      }
      const user = await d.accounts.findByEmail(input.email);
      if (!user) throw new Error("User missing right after sign-up");
      await d.security.record({ from: meta, type: "sign_up", userId: user.id });
      if (input.photoConsent) await d.photoConsent?.(user.id, meta.ip);
      // The referral is recorded before the account is confirmed, as the link would find it.
      const referral = input.referralCode
        ? await recordReferral(user.id, input.referralCode)
        : ("none" as const);
      if (status === "account_ready") await confirmNow(user.id);
      return { status, referral };
    },

    /**
     * Signs in; returns the user and the Set-Cookie headers of the new session (and of the device
     * cookie that makes this browser known to the account). Only failures count against the
     * limits: per account from every address, per address and e-mail, per known device (ADR 011).
     */
    async signIn(input: z.output<typeof signInRequestSchema>, meta: RequestMeta) {
      const { device, ticket } = await gatePassword(input.email, meta, "sign-in");
      let outcome: "failed" | "succeeded" | "aborted" = "aborted";
      let failedOn: UserRow | null = null;
      // An unconfirmed account's sign-in mails a new confirmation link (on this request's origin).
      const attempt = () =>
        withLinkOrigin(meta.origin, () =>
          d.auth.api.signInEmail({
            body: { email: input.email, password: input.password, rememberMe: true },
            headers: meta.headers,
            returnHeaders: true,
          }),
        );
      try {
        let res;
        try {
          res = await attempt();
        } catch (e) {
          // The password was right (better-auth checks it first) but the e-mail is unconfirmed:
          // with verification off, the account is confirmed now and signed in.
          if (
            authCode(e) !== "EMAIL_NOT_VERIFIED" ||
            (await d.switches.getBool("email_verification_required"))
          )
            throw e;
          const pending = await d.accounts.findByEmail(input.email);
          if (!pending) throw e;
          await confirmNow(pending.id);
          res = await attempt();
        }
        outcome = "succeeded";
        const u = await d.accounts.findById(res.response.user.id);
        if (!u) throw new Error("Signed-in user missing");
        await d.security.record({ from: meta, type: "sign_in", userId: u.id });
        const known = deviceSetCookie(d.secret, device ?? newDeviceId(), u.email, secureCookies);
        return {
          user: await toAccountUser(d, u),
          setCookies: [...res.headers.getSetCookie(), known],
        };
      } catch (e) {
        const code = authCode(e);
        if (code === "EMAIL_NOT_VERIFIED") {
          outcome = "succeeded"; // the password was right (better-auth checks it first)
          throw new AppError(
            "email_not_verified",
            403,
            "Please confirm your e-mail first. We sent you a new link.",
          );
        }
        if (
          code === "INVALID_EMAIL_OR_PASSWORD" ||
          code === "INVALID_PASSWORD" ||
          code === "INVALID_EMAIL"
        ) {
          outcome = "failed";
          failedOn = await d.accounts.findByEmail(input.email);
          await d.security.record({
            from: meta,
            type: "sign_in_failed",
            severity: "warning",
            userId: failedOn?.id ?? null,
            details: {
              reason: failedOn ? "wrong_password" : "unknown_email",
              account: accountDigest(input.email),
            },
          });
          await d.suspicious.failed(meta);
          throw new AppError("invalid_credentials", 401, "Invalid email or password");
        }
        throw e;
      } finally {
        await settlePassword(ticket, outcome, failedOn?.email ?? null);
      }
    },

    /** Ends every session of the user; returns headers that clear the cookie. */
    async signOut(meta: RequestMeta): Promise<string[]> {
      const userId = await sessionUserId(meta.headers);
      let setCookies: string[] = [];
      try {
        const res = await d.auth.api.signOut({ headers: meta.headers, returnHeaders: true });
        setCookies = res.headers.getSetCookie();
      } catch (e) {
        d.log.warn({ err: e }, "sign-out without a valid session");
      }
      if (userId) {
        const ended = await d.accounts.deleteSessions(userId);
        // Signing out everywhere also ends every reset link sent before.
        await d.accounts.deleteResetLinks(userId);
        await d.security.record({
          from: meta,
          type: "sign_out",
          userId,
          details: { sessionsEnded: ended },
        });
      }
      return setCookies;
    },

    /**
     * A signed-in member changes their password (issue 34). The current password is checked as a
     * sign-in checks it, under the same limits (ADR 011: per account from every address, per
     * address and e-mail, per known device, the owner's notice), so a stolen session is no
     * password-guessing oracle. On success every other session ends (this browser gets a fresh
     * one: the returned Set-Cookie headers), every earlier reset link ends, and the member is
     * told by e-mail (an `account-mail` job, queued without holding the answer).
     */
    async changePassword(
      userId: string,
      input: z.output<typeof changePasswordRequestSchema>,
      meta: RequestMeta,
    ): Promise<string[]> {
      const user = await d.accounts.findById(userId);
      if (!user) throw errors.unauthorized();
      const { ticket } = await gatePassword(user.email, meta, "change-password");
      let outcome: "failed" | "succeeded" | "aborted" = "aborted";
      try {
        const res = await d.auth.api.changePassword({
          body: {
            currentPassword: input.currentPassword,
            newPassword: input.newPassword,
            revokeOtherSessions: true,
          },
          headers: meta.headers,
          returnHeaders: true,
        });
        outcome = "succeeded";
        await d.accounts.deleteResetLinks(user.id);
        await d.security.record({
          from: meta,
          type: "password_reset",
          userId: user.id,
          details: { via: "signed_in_change" },
        });
        void d.queue
          .send(ACCOUNT_MAIL_JOB, {
            kind: "password-changed",
            email: user.email,
            origin: meta.origin,
          })
          .catch((err: unknown) =>
            d.log.warn({ err }, "could not queue the password-changed mail"),
          );
        return res.headers.getSetCookie();
      } catch (e) {
        const code = authCode(e);
        if (code === "INVALID_PASSWORD") {
          outcome = "failed";
          await d.security.record({
            from: meta,
            type: "sign_in_failed",
            severity: "warning",
            userId: user.id,
            details: { reason: "wrong_current_password", account: accountDigest(user.email) },
          });
          await d.suspicious.failed(meta);
          throw new AppError("wrong_current_password", 400, "The current password is wrong", [
            { path: ["currentPassword"], message: "current_password_wrong" },
          ]);
        }
        if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
          throw errors.conflict(
            "no_password",
            "This account signs in with Google and has no password yet: set one with the reset link",
          );
        }
        if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
          throw errors.validation([
            {
              path: ["newPassword"],
              message: code === "PASSWORD_TOO_SHORT" ? "password_too_short" : "password_too_long",
            },
          ]);
        }
        throw e;
      } finally {
        await settlePassword(ticket, outcome, user.email);
      }
    },

    /**
     * The same answer, in the same time, whether or not the e-mail exists: the same steps either
     * way (limits, one look-up, one event), then the answer; the job is queued without holding
     * the answer, and the link and the mail are made by it (`sendAccountMail`). A job that could
     * not be queued is logged; the person can ask again.
     */
    async forgotPassword(email: string, meta: RequestMeta): Promise<void> {
      await limit("password-reset", meta, email);
      const user = await d.accounts.findByEmail(email);
      await d.security.record({
        from: meta,
        type: "password_reset_requested",
        userId: user?.id ?? null,
      });
      void d.queue
        .send(ACCOUNT_MAIL_JOB, { kind: "password-reset", email, origin: meta.origin })
        .catch((err: unknown) => d.log.warn({ err }, "could not queue the password-reset mail"));
    },

    /**
     * Sets a new password from a reset link. Every other reset link of the user ends with it,
     * and this browser becomes known to the account (it proved it holds the mailbox): the
     * Set-Cookie headers of the device cookie are returned.
     */
    async resetPassword(
      input: z.output<typeof resetPasswordRequestSchema>,
      meta: RequestMeta,
    ): Promise<string[]> {
      await limit("password-reset-confirm", meta);
      const ownerId = await d.accounts.resetLinkOwner(input.token);
      try {
        await d.auth.api.resetPassword({
          body: { token: input.token, newPassword: input.newPassword },
          headers: meta.headers,
        });
      } catch (e) {
        const code = authCode(e);
        if (code === "INVALID_TOKEN" || code === "TOKEN_EXPIRED") {
          throw new AppError("invalid_token", 400, "This reset link is invalid or has expired");
        }
        throw e;
      }
      const owner = ownerId ? await d.accounts.findById(ownerId) : null;
      if (owner) await d.accounts.deleteResetLinks(owner.id);
      await d.security.record({ from: meta, type: "password_reset", userId: owner?.id ?? null });
      return owner ? [deviceSetCookie(d.secret, newDeviceId(), owner.email, secureCookies)] : [];
    },

    /**
     * The account-mail job: a fresh reset link (every earlier one of the user ends first), the
     * notice of repeated failed sign-ins, or the notice of a password change, in the user's
     * language. Nothing for an unknown address.
     */
    async sendAccountMail(mail: AccountMail): Promise<void> {
      const user = await d.accounts.findByEmail(mail.email);
      if (!user || isUndeliverable(user.email)) return;
      if (mail.kind === "password-reset") {
        await d.accounts.deleteResetLinks(user.id);
        await withLinkOrigin(mail.origin, () =>
          d.auth.api.requestPasswordReset({
            body: { email: user.email, redirectTo: "/auth?reset=true" },
          }),
        );
        return;
      }
      const changed = mail.kind === "password-changed";
      await d.sendMail(
        mailFor(
          changed ? "passwordChanged" : "signInFailures",
          toLanguage(user.preferredLanguage),
          user.email,
          `${mail.origin ?? d.env.PUBLIC_URL}/auth${changed ? "?mode=forgot" : ""}`,
        ),
      );
    },

    async resendVerification(email: string, meta: RequestMeta): Promise<void> {
      await limit("verification", meta, email);
      const user = await d.accounts.findByEmail(email);
      if (!user || user.emailVerified) return;
      await withLinkOrigin(meta.origin, () =>
        d.auth.api.sendVerificationEmail({ body: { email }, headers: meta.headers }),
      );
    },

    /**
     * The e-mailed confirmation link, opened on any device (docs/product/accounts.md): valid for
     * 24 hours and once. The first opening confirms the e-mail (sign-up bonus and referral
     * bookkeeping as at any confirmation: `onAccountConfirmed`), signs the opener in and makes
     * their browser known to the account (it holds the mailbox, as a reset link proves; ADR 011).
     * Opened again, it finds the e-mail confirmed and starts nothing. Two openings in the same
     * instant may both sign in; the bonus is still granted once.
     */
    async confirmByLink(token: string, meta: RequestMeta): Promise<ConfirmationOutcome> {
      const named = tokenEmail(token);
      const before = named ? await d.accounts.findByEmail(named) : null;
      let res;
      try {
        res = await d.auth.api.verifyEmail({
          query: { token },
          headers: meta.headers,
          returnHeaders: true,
        });
      } catch (e) {
        const code = authCode(e);
        // better-auth checks the signature before the expiry: an expired token names its owner.
        if (code === "TOKEN_EXPIRED") return { kind: "expired", email: named };
        if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND" || code === "INVALID_USER")
          return { kind: "invalid" };
        throw e;
      }
      // The token was good; its account was confirmed before this opening.
      if (!before || before.emailVerified) return { kind: "used", email: named ?? "" };
      const setCookies = res.headers.getSetCookie();
      await d.security.record({
        from: meta,
        type: "sign_in",
        userId: before.id,
        details: { via: "confirmation_link" },
      });
      const known = deviceSetCookie(d.secret, newDeviceId(), before.email, secureCookies);
      return {
        kind: "signed_in",
        setCookies: [...setCookies, known],
        referred: (await d.referrals.referrerOf(before.id)) !== null,
      };
    },

    /**
     * The Google authorization URL. A referral code (already checked against
     * referralCodeSchema) rides in the OAuth state, which better-auth keeps in the
     * verifications table for 10 minutes, bound to this browser by a signed HTTP-only cookie.
     * Only this server calls signInSocial (better-auth's own route is not mounted), so the
     * browser cannot put anything else there. The callback that creates the user records it
     * (onReferredSignUp) as the e-mail sign-up does; an existing user's sign-in ignores it.
     */
    async googleStart(
      meta: RequestMeta,
      referralCode?: string,
    ): Promise<{ url: string; setCookies: string[] }> {
      if (!d.env.GOOGLE_CLIENT_ID)
        throw new AppError("google_unavailable", 503, "Google sign-in is not available");
      const res = await d.auth.api.signInSocial({
        body: {
          provider: "google",
          callbackURL: "/eksplor",
          newUserCallbackURL: "/eksplor",
          errorCallbackURL: "/auth?google=failed",
          disableRedirect: true,
          ...(referralCode ? { additionalData: { referralCode } } : {}),
        },
        headers: meta.headers,
        returnHeaders: true,
      });
      if (!res.response.url)
        throw new AppError("google_unavailable", 503, "Google sign-in is not available");
      return { url: res.response.url, setCookies: res.headers.getSetCookie() };
    },

    /** better-auth created a user through Google from a start that carried a referral code. */
    async onReferredSignUp(userId: string, code: string): Promise<void> {
      const parsed = referralCodeSchema.safeParse(code);
      if (!parsed.success) return;
      const outcome = await recordReferral(userId, parsed.data);
      if (outcome === "refused")
        d.log.info({ userId }, "referral code of a Google sign-up refused");
    },

    /**
     * A confirmed account gets its sign-up bonus (once: a unique index guards it). Its referral
     * completes here only when the member already made an avatar (otherwise at the first one); it
     * counts toward the referrer's premium unlock and pays nothing (docs/product/referrals.md).
     */
    async onAccountConfirmed(userId: string): Promise<void> {
      const bonus = await d.settings.getInt("signup_bonus_credits");
      if (bonus > 0) {
        await d.credits.grant(userId, {
          source: "signup_bonus",
          amount: bonus,
          watermarked: true,
          description: "Sign-up bonus",
        });
      }
      await d.referrals.completeIfDue(userId);
    },

    /**
     * Start-up provisioning (the admin module's ensureAdmin): the user with this e-mail, created
     * with this password when missing, and confirmed (with its sign-up bonus) when it was not.
     */
    async ensureConfirmedUser(
      email: string,
      password: string,
      name: string,
      lang: Language = "id",
    ): Promise<string> {
      let u = await d.accounts.findByEmail(email);
      if (!u) {
        await d.auth.api.signUpEmail({ body: { name, email, password, preferredLanguage: lang } });
        u = await d.accounts.findByEmail(email);
        if (!u) throw new Error("Admin user was not created");
      }
      if (!u.emailVerified) {
        await d.accounts.markEmailVerified(u.id);
        await service.onAccountConfirmed(u.id);
      }
      return u.id;
    },
  };
  return service;
}
export type AuthService = ReturnType<typeof createAuthService>;
