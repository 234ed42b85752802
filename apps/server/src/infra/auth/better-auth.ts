import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { getOAuthState } from "better-auth/api";
import { PASSWORD_MAX, PASSWORD_MIN, toLanguage } from "@rupa/shared";
import type { Env } from "../../env";
import { accounts, sessions, users, verifications } from "../../db/schema";
import { authLogLevel } from "../../lib/log-levels";
import type { Logger } from "../../lib/logger";
import type { Database } from "../db/client";
import type { Mailer } from "../mail/mailer";
import { mailFor } from "../mail/templates";
import { passwordHashing } from "./password-hash";

export interface AuthHooks {
  /** A user's e-mail is now confirmed (by link, or by Google at creation). */
  onAccountConfirmed(userId: string): Promise<void>;
  /**
   * A user was just created by an OAuth sign-up (Google) started with a referral code. Called
   * before onAccountConfirmed; the code is as the start request gave it (check it again).
   */
  onReferredSignUp(userId: string, referralCode: string): Promise<void>;
  /** The `email_verification_required` setting: off, no confirmation e-mail is sent. */
  verificationRequired(): Promise<boolean>;
}

/**
 * Addresses under the reserved `.invalid` top-level domain (RFC 2606) can never receive mail:
 * nothing is sent to them (the admin health check's throwaway sign-up uses one).
 */
export function isUndeliverable(email: string): boolean {
  return /\.invalid$/i.test(email.trim());
}

/**
 * The referral code the OAuth flow of this request carries: the server put it into the signed
 * state at Google start (`additionalData`, see googleStart), better-auth restores it at the
 * callback. Null outside an OAuth callback.
 */
async function oauthReferralCode(): Promise<string | null> {
  try {
    const state = (await getOAuthState()) as { referralCode?: unknown } | null;
    return typeof state?.referralCode === "string" ? state.referralCode : null;
  } catch {
    return null; // no request state: not called from a better-auth endpoint
  }
}

/**
 * The signing secret: AUTH_SECRET, or for the embedded default a random one kept in
 * DATA_DIR/auth-secret (mode 0600), so sessions survive restarts without any setup.
 */
export function authSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.DATA_DIR, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

/**
 * The origin the links in account mail use while `fn` runs (ADR 035): better-auth builds the
 * confirmation, reset and "you already have an account" mails inside its own calls, which carry
 * no request of ours, so the caller names the origin around the call. Outside one, PUBLIC_URL.
 */
const linkOrigins = new AsyncLocalStorage<string>();
export function withLinkOrigin<T>(origin: string | undefined, fn: () => Promise<T>): Promise<T> {
  return origin ? linkOrigins.run(origin, fn) : fn();
}

/** The path of the e-mail confirmation link (our route in front of better-auth's). */
export const VERIFY_EMAIL_PATH = "/api/auth/verify-email";

const referralAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export function newReferralCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => referralAlphabet[b % referralAlphabet.length]).join("");
}

/** `__Host-rupa` over https, `rupa` over plain http (development, tests), where Secure is impossible. */
function authCookiePrefix(secure: boolean): string {
  return secure ? "__Host-rupa" : "rupa";
}

/**
 * better-auth over our own tables (users, sessions, accounts, verifications): it owns password
 * hashing (scrypt), sessions and cookies, e-mail verification and reset tokens, and Google
 * OAuth with PKCE. Rate limits, validation and security events sit in the account module.
 */
export function createAuth(opts: {
  env: Env;
  db: Database;
  mailer: Mailer;
  log: Logger;
  hooks: AuthHooks;
}) {
  const { env, db, mailer, log, hooks } = opts;
  const secure = env.PUBLIC_URL.startsWith("https:");
  const linkBase = () => linkOrigins.getStore() ?? env.PUBLIC_URL;
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            prompt: "select_account" as const,
            mapProfileToUser: (profile: { name?: string }) => ({ fullName: profile.name ?? "" }),
          },
        }
      : {};

  return betterAuth({
    appName: "Rupa",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: authSecret(env),
    trustedOrigins: [new URL(env.PUBLIC_URL).origin],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { users, sessions, accounts, verifications },
    }),
    user: {
      modelName: "users",
      fields: { name: "fullName" },
      additionalFields: {
        phone: { type: "string", required: false, input: true },
        preferredLanguage: { type: "string", required: false, defaultValue: "id", input: true },
        referralCode: { type: "string", required: false, input: false },
      },
    },
    session: {
      modelName: "sessions",
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    account: { modelName: "accounts" },
    verification: { modelName: "verifications" },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: passwordHashing(env.NODE_ENV),
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Sign-up answers the same for a taken e-mail (no account enumeration); its owner is told.
      onExistingUserSignUp: async ({ user }) => {
        if (isUndeliverable(user.email)) return;
        const u = user as typeof user & { preferredLanguage?: string };
        await mailer.send(
          mailFor("existing", toLanguage(u.preferredLanguage), user.email, `${linkBase()}/auth`),
        );
      },
      sendResetPassword: async ({ user, token }) => {
        const u = user as typeof user & { preferredLanguage?: string };
        const url = `${linkBase()}/auth?reset=true&email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
        await mailer.send(mailFor("reset", toLanguage(u.preferredLanguage), user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // The link signs its opener in (once: a used link finds the e-mail confirmed and starts
      // nothing), on whichever device opens it (auth.service.ts confirmByLink).
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, token }) => {
        if (isUndeliverable(user.email) || !(await hooks.verificationRequired())) return;
        const u = user as typeof user & { preferredLanguage?: string };
        const url = `${linkBase()}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
        await mailer.send(mailFor("confirm", toLanguage(u.preferredLanguage), user.email, url));
      },
      afterEmailVerification: async (user) => {
        await hooks.onAccountConfirmed(user.id);
      },
    },
    socialProviders: google,
    databaseHooks: {
      user: {
        create: {
          before: (user) => Promise.resolve({ data: { ...user, referralCode: newReferralCode() } }),
          after: async (user) => {
            // A Google sign-up started from a referral link (e-mail sign-ups record theirs in
            // the account module, with the code from the request body).
            const referralCode = await oauthReferralCode();
            if (referralCode) await hooks.onReferredSignUp(user.id, referralCode);
            // Google accounts arrive with their e-mail already verified.
            if (user.emailVerified) await hooks.onAccountConfirmed(user.id);
          },
        },
      },
    },
    rateLimit: { enabled: false },
    advanced: {
      // Over https every auth cookie is `__Host-rupa.…` (Secure, Path=/, no Domain: a sibling
      // subdomain or a plain-http page cannot set or shadow it). better-auth's own
      // `useSecureCookies` would only add `__Secure-`, so the prefix is part of the name here.
      cookiePrefix: authCookiePrefix(secure),
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      ipAddress: { ipAddressHeaders: env.TRUST_PROXY ? ["x-forwarded-for"] : [] },
    },
    logger: {
      level: "warn",
      // A visitor's stray OAuth callback is a warning, not an error (lib/log-levels).
      log: (level, message) => {
        const to = authLogLevel(level, message);
        if (to) log[to]({ component: "auth" }, message);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
