import { createHash } from "node:crypto";
import { errors } from "../../lib/errors";
import type { RateLimitRepository } from "./rate-limit.repository";

export interface RateRule {
  /** What is limited, e.g. "sign-in". */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Identifiers are hashed before they become keys, so e-mails and IPs are not stored in clear. */
export function limiterKey(rule: string, kind: string, value: string): string {
  const digest = createHash("sha256").update(value.toLowerCase()).digest("base64url").slice(0, 22);
  return `${rule}:${kind}:${digest}`;
}

export function createRateLimiter(repo: RateLimitRepository) {
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
          throw errors.rateLimited((hit.resetAt.getTime() - Date.now()) / 1000);
        }
      }
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
