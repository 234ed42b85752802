import { createHash } from "node:crypto";
import type { ErrorCode } from "@rupa/shared";
import { AppError, errors } from "../../lib/errors";
import type { RateLimitRepository } from "./rate-limit.repository";

export interface RateRule {
  /** What is limited, e.g. "sign-in". */
  name: string;
  limit: number;
  windowSeconds: number;
  /** The error answered over the limit (429 with Retry-After); `rate_limited` by default. */
  error?: { code: ErrorCode; message: string };
}

/** Identifiers are hashed before they become keys, so e-mails and IPs are not stored in clear. */
export function limiterKey(rule: string, kind: string, value: string): string {
  const digest = createHash("sha256").update(value.toLowerCase()).digest("base64url").slice(0, 22);
  return `${rule}:${kind}:${digest}`;
}

/**
 * Sign-in limits (ADR 011, revised for issue 33). Only failures count; an attempt reserves its
 * place before the password is checked (so parallel guesses cannot slip past) and hands it back
 * unless it failed.
 * - Per account (e-mail), from every address: the first EMAIL_FREE_FAILURES failures of a
 *   15-minute window are free; after that one attempt passes per wait of 1, 2, 4… seconds (at
 *   most EMAIL_MAX_WAIT_SECONDS), whichever address it comes from; the others get 429.
 * - Per (address, e-mail) pair: `pairLimit` failures per 15 minutes, then 429 until the window
 *   ends; a successful sign-in resets the pair.
 * - A known device (a browser holding the account's signed device cookie: it signed in to the
 *   account, or set its password from a reset link) skips both: it has its own `pairLimit`
 *   failures per 15 minutes, after which it counts as unknown. So nobody else's guesses keep the
 *   owner's own browser out.
 * - After OWNER_NOTICE_FAILURES failures on an account within OWNER_NOTICE_WINDOW_SECONDS, the
 *   owner is told by e-mail, once per that window.
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const EMAIL_FREE_FAILURES = 5;
export const EMAIL_MAX_WAIT_SECONDS = 30;
export const OWNER_NOTICE_FAILURES = 10;
export const OWNER_NOTICE_WINDOW_SECONDS = 24 * 60 * 60;

/** The wait the account's n-th attempt of the window sets (0 while failures are free). */
export function emailWaitSeconds(attempts: number): number {
  if (attempts <= EMAIL_FREE_FAILURES) return 0;
  return Math.min(2 ** (attempts - EMAIL_FREE_FAILURES - 1), EMAIL_MAX_WAIT_SECONDS);
}

export type SignInLimitedBy = "pair" | "email";

/** Who is signing in: the address, the e-mail, and the device id of a valid device cookie. */
export interface SignInWho {
  ip: string;
  email: string;
  device?: string | null;
}

/** What the gate reserved; passed back with the attempt's outcome. */
export interface SignInTicket {
  who: SignInWho;
  /** A known device within its own limit: the account's wait and the pair did not apply. */
  trusted: boolean;
}

export function createRateLimiter(repo: RateLimitRepository) {
  const signInKeys = (who: SignInWho) => ({
    pair: limiterKey("sign-in", "pair", `${who.ip} ${who.email}`),
    email: limiterKey("sign-in", "email", who.email),
    emailWait: limiterKey("sign-in", "email-wait", who.email),
    notice: limiterKey("sign-in", "notice", who.email),
    device: who.device ? limiterKey("sign-in", "device", who.device) : null,
  });

  return {
    /**
     * Count one request against every identifier (IP, e-mail, user…); throws 429 with
     * Retry-After when any of them is over the limit. `onLimited` runs once when that happens.
     */
    async consume(
      rule: RateRule,
      identifiers: Record<string, string | null | undefined>,
      onLimited?: (kind: string) => Promise<void>,
    ): Promise<void> {
      for (const [kind, value] of Object.entries(identifiers)) {
        if (!value) continue;
        const hit = await repo.hit(limiterKey(rule.name, kind, value), rule.windowSeconds);
        if (hit.count > rule.limit) {
          await onLimited?.(kind);
          if (!rule.error) throw errors.rateLimited(hit.retryAfter);
          throw new AppError(rule.error.code, 429, rule.error.message, undefined, {
            "Retry-After": String(Math.max(1, Math.ceil(hit.retryAfter))),
          });
        }
      }
    },

    /**
     * The sign-in gate, before the password is checked: reserves the attempt's places (see
     * above) and returns the ticket the caller hands back with exactly one of `signInFailed`,
     * `signInSucceeded` or `signInAborted`. Throws 429 with Retry-After.
     */
    async signInGate(
      who: SignInWho,
      pairLimit: number,
      onLimited?: (by: SignInLimitedBy) => Promise<void>,
    ): Promise<SignInTicket> {
      const keys = signInKeys(who);
      if (keys.device) {
        const device = await repo.hit(keys.device, SIGN_IN_WINDOW_SECONDS);
        if (device.count <= pairLimit) {
          await repo.hit(keys.email, SIGN_IN_WINDOW_SECONDS);
          return { who, trusted: true };
        }
        await repo.release(keys.device); // over its own limit: an unknown browser from here on
      }
      const pair = await repo.hit(keys.pair, SIGN_IN_WINDOW_SECONDS);
      if (pair.count > pairLimit) {
        await repo.release(keys.pair);
        await onLimited?.("pair");
        throw errors.rateLimited(pair.retryAfter);
      }
      const account = await repo.hit(keys.email, SIGN_IN_WINDOW_SECONDS);
      const wait = emailWaitSeconds(account.count);
      if (wait === 0) return { who, trusted: false };
      const left = await repo.claimDeadline(keys.emailWait, wait);
      if (left === null) return { who, trusted: false };
      await repo.release(keys.email);
      await repo.release(keys.pair);
      await onLimited?.("email");
      throw errors.rateLimited(left);
    },

    /**
     * A wrong password (or unknown e-mail): the reserved places stay. True when this failure is
     * the account's OWNER_NOTICE_FAILURES-th of its notice window (tell the owner, once).
     */
    async signInFailed(ticket: SignInTicket): Promise<{ notifyOwner: boolean }> {
      const keys = signInKeys(ticket.who);
      const failures = await repo.hit(keys.notice, OWNER_NOTICE_WINDOW_SECONDS);
      return { notifyOwner: failures.count === OWNER_NOTICE_FAILURES };
    },

    /** The password was right: the attempt is not a failure, and its pair (or device) restarts. */
    async signInSucceeded(ticket: SignInTicket): Promise<void> {
      const keys = signInKeys(ticket.who);
      await repo.release(keys.email);
      if (ticket.trusted && keys.device) await repo.clear(keys.device);
      else await repo.clear(keys.pair);
    },

    /** Neither (the attempt ended on another error): the reserved places are taken back. */
    async signInAborted(ticket: SignInTicket): Promise<void> {
      const keys = signInKeys(ticket.who);
      await repo.release(keys.email);
      if (ticket.trusted && keys.device) await repo.release(keys.device);
      else await repo.release(keys.pair);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
