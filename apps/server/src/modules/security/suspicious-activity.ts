import type { RequestMeta } from "../../lib/request-meta";
import type { RateLimitRepository } from "../rate-limit/rate-limit.repository";
import { limiterKey } from "../rate-limit/rate-limit.service";
import type { SecurityEventsRepository } from "./security-events.repository";

/** Failed sign-ins on this many different accounts from one address… */
export const SUSPICIOUS_ACCOUNTS = 10;
/** …within this many seconds… */
export const SUSPICIOUS_WINDOW_SECONDS = 15 * 60;
/** …slow sign-ins from that address for this long… */
export const SUSPICIOUS_SLOW_SECONDS = 60 * 60;
/** …by this many seconds each (never a refusal: carrier NAT puts thousands behind one address). */
export const SUSPICIOUS_DELAY_SECONDS = 3;

export { accountDigest } from "./account-digest";

export interface SuspiciousActivityDeps {
  events: Pick<SecurityEventsRepository, "record" | "failedAccountsFrom">;
  buckets: Pick<RateLimitRepository, "secondsLeft" | "extendDeadline">;
  /** Waits (tests may pass a shorter one). */
  sleep?: (ms: number) => Promise<void>;
  /** The `suspicious_activity_detection` setting (cached). */
  enabled: () => Promise<boolean>;
}

/**
 * Credential stuffing from one address (ADR 018, revised in ADR 011 for issue 33): failed
 * sign-ins on SUSPICIOUS_ACCOUNTS different accounts within SUSPICIOUS_WINDOW_SECONDS record one
 * `suspicious_activity` event (critical) and slow that address's sign-ins by
 * SUSPICIOUS_DELAY_SECONDS each for SUSPICIOUS_SLOW_SECONDS. It never refuses one: behind one
 * carrier NAT address there are thousands of people, and a correct password from any of them
 * must get through. Guessing one account is stopped per account (ADR 011), from every address.
 * With the setting off nothing is counted and existing flags are not applied.
 */
export function createSuspiciousActivity(d: SuspiciousActivityDeps) {
  const slowKey = (ip: string) => limiterKey("suspicious", "ip", ip);
  const sleep =
    d.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return {
    /** Before a sign-in from an unknown browser: a flagged address waits a few seconds. */
    async gate(meta: RequestMeta): Promise<void> {
      if (!(await d.enabled())) return;
      if ((await d.buckets.secondsLeft(slowKey(meta.ip))) === null) return;
      await sleep(SUSPICIOUS_DELAY_SECONDS * 1000);
    },

    /** After a failed sign-in (its event already recorded): flags the address. */
    async failed(meta: RequestMeta): Promise<void> {
      if (!(await d.enabled())) return;
      const accounts = await d.events.failedAccountsFrom(meta.ip, SUSPICIOUS_WINDOW_SECONDS);
      if (accounts < SUSPICIOUS_ACCOUNTS) return;
      const key = slowKey(meta.ip);
      const already = (await d.buckets.secondsLeft(key)) !== null;
      await d.buckets.extendDeadline(key, SUSPICIOUS_SLOW_SECONDS);
      if (already) return;
      await d.events.record({
        type: "suspicious_activity",
        severity: "critical",
        from: meta,
        details: {
          reason: "failed_sign_ins_across_accounts",
          accounts,
          windowSeconds: SUSPICIOUS_WINDOW_SECONDS,
          slowedSeconds: SUSPICIOUS_SLOW_SECONDS,
          delaySeconds: SUSPICIOUS_DELAY_SECONDS,
        },
      });
    },
  };
}
export type SuspiciousActivity = ReturnType<typeof createSuspiciousActivity>;
