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
 * Sign-in failures (ADR 011). Failures are counted, successes are not:
 * - per (address, e-mail) pair: `pairLimit` failures per 15 minutes, then 429 until the window
 *   ends; a successful sign-in resets the pair;
 * - per e-mail, from every address: the first EMAIL_FREE_FAILURES failures of a 15-minute window
 *   are free, each further one sets a wait of 1, 2, 4… seconds, at most EMAIL_MAX_WAIT_SECONDS.
 *   The wait applies only to addresses that already failed on this e-mail in the window; an
 *   address with no recent failure is never slowed, so failures sprayed from many addresses
 *   cannot keep the owner out.
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const EMAIL_FREE_FAILURES = 5;
export const EMAIL_MAX_WAIT_SECONDS = 30;

/** The wait the e-mail's n-th failure of the window sets (0 while failures are free). */
export function emailWaitSeconds(failures: number): number {
  if (failures <= EMAIL_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - EMAIL_FREE_FAILURES - 1), EMAIL_MAX_WAIT_SECONDS);
}

export type SignInLimitedBy = "pair" | "email";

export function createRateLimiter(repo: RateLimitRepository) {
  const signInKeys = (ip: string, email: string) => ({
    pair: limiterKey("sign-in", "pair", `${ip} ${email}`),
    email: limiterKey("sign-in", "email", email),
    emailWait: limiterKey("sign-in", "email-wait", email),
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
     * The sign-in gate, before the password is checked. It reserves a place in the pair's count
     * (so parallel guesses cannot slip past the limit); the caller then reports exactly one of
     * `signInFailed`, `signInSucceeded` or `signInAborted`. Throws 429 with Retry-After.
     */
    async signInGate(
      who: { ip: string; email: string },
      pairLimit: number,
      onLimited?: (by: SignInLimitedBy) => Promise<void>,
    ): Promise<void> {
      const keys = signInKeys(who.ip, who.email);
      const pair = await repo.hit(keys.pair, SIGN_IN_WINDOW_SECONDS);
      if (pair.count > pairLimit) {
        await repo.release(keys.pair);
        await onLimited?.("pair");
        throw errors.rateLimited(pair.retryAfter);
      }
      if (pair.count === 1) return; // no recent failure from this address: never slowed
      const wait = await repo.passDeadline(keys.emailWait);
      if (wait !== null) {
        await repo.release(keys.pair);
        await onLimited?.("email");
        throw errors.rateLimited(wait);
      }
    },

    /** A wrong password (or unknown e-mail): the reserved pair hit stays; the e-mail may wait. */
    async signInFailed(who: { ip: string; email: string }): Promise<void> {
      const keys = signInKeys(who.ip, who.email);
      const failures = await repo.hit(keys.email, SIGN_IN_WINDOW_SECONDS);
      const wait = emailWaitSeconds(failures.count);
      if (wait > 0) await repo.extendDeadline(keys.emailWait, wait);
    },

    /** The password was right: the pair starts again from zero. */
    async signInSucceeded(who: { ip: string; email: string }): Promise<void> {
      await repo.clear(signInKeys(who.ip, who.email).pair);
    },

    /** Neither (the attempt ended on another error): the reserved hit is taken back. */
    async signInAborted(who: { ip: string; email: string }): Promise<void> {
      await repo.release(signInKeys(who.ip, who.email).pair);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
