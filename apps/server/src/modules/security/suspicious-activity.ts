import { AppError } from "../../lib/errors";
import type { RequestMeta } from "../../lib/request-meta";
import type { RateLimitRepository } from "../rate-limit/rate-limit.repository";
import { limiterKey } from "../rate-limit/rate-limit.service";
import type { SecurityEventsRepository } from "./security-events.repository";

/** Failed sign-ins on this many different accounts from one address… */
export const SUSPICIOUS_ACCOUNTS = 10;
/** …within this many seconds… */
export const SUSPICIOUS_WINDOW_SECONDS = 15 * 60;
/** …block sign-ins from that address for this long. */
export const SUSPICIOUS_BLOCK_SECONDS = 60 * 60;

export { accountDigest } from "./account-digest";

export interface SuspiciousActivityDeps {
  events: Pick<SecurityEventsRepository, "record" | "failedAccountsFrom">;
  buckets: Pick<RateLimitRepository, "secondsLeft" | "extendDeadline">;
  /** The `suspicious_activity_detection` setting (cached). */
  enabled: () => Promise<boolean>;
}

/**
 * Credential stuffing from one address (ADR 018): failed sign-ins on SUSPICIOUS_ACCOUNTS
 * different accounts within SUSPICIOUS_WINDOW_SECONDS record one `suspicious_activity` event
 * (critical) and block that address's sign-ins for SUSPICIOUS_BLOCK_SECONDS (429 with
 * Retry-After). Per-account limits (ADR 011) cannot see this: each account fails only once.
 * With the setting off nothing is counted and existing blocks are not applied.
 */
export function createSuspiciousActivity(d: SuspiciousActivityDeps) {
  const blockKey = (ip: string) => limiterKey("suspicious", "ip", ip);
  return {
    /** Before a sign-in: refuses a blocked address. */
    async gate(meta: RequestMeta): Promise<void> {
      if (!(await d.enabled())) return;
      const left = await d.buckets.secondsLeft(blockKey(meta.ip));
      if (left === null) return;
      throw new AppError(
        "rate_limited",
        429,
        "Too many failed sign-ins from your network. Please try again later.",
        undefined,
        { "Retry-After": String(Math.max(1, Math.ceil(left))) },
      );
    },

    /** After a failed sign-in (its event already recorded): flags and blocks the address. */
    async failed(meta: RequestMeta): Promise<void> {
      if (!(await d.enabled())) return;
      const accounts = await d.events.failedAccountsFrom(meta.ip, SUSPICIOUS_WINDOW_SECONDS);
      if (accounts < SUSPICIOUS_ACCOUNTS) return;
      const key = blockKey(meta.ip);
      const already = (await d.buckets.secondsLeft(key)) !== null;
      await d.buckets.extendDeadline(key, SUSPICIOUS_BLOCK_SECONDS);
      if (already) return;
      await d.events.record({
        type: "suspicious_activity",
        severity: "critical",
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: {
          reason: "failed_sign_ins_across_accounts",
          accounts,
          windowSeconds: SUSPICIOUS_WINDOW_SECONDS,
          blockedSeconds: SUSPICIOUS_BLOCK_SECONDS,
        },
      });
    },
  };
}
export type SuspiciousActivity = ReturnType<typeof createSuspiciousActivity>;
