import { lt, sql } from "drizzle-orm";
import type { Database } from "../infra/db/client";
import { defineJob, type JobDefinition } from "../infra/queue/queue";
import type { Logger } from "../lib/logger";
import { rateLimitBuckets, sessions, verifications } from "../db/schema";

export const CLEANUP_JOB = defineJob("cleanup");

export interface CleanupReport {
  expiredSessions: number;
  expiredVerifications: number;
  expiredRateLimits: number;
}

/**
 * The recurring clean-up: removes what has expired. Later features add their own steps here
 * (24-hour deletion of original photos, account deletion, expired payments).
 */
export async function runCleanup(db: Database, now = new Date()): Promise<CleanupReport> {
  const expiredSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  const expiredVerifications = await db
    .delete(verifications)
    .where(lt(verifications.expiresAt, now))
    .returning({ id: verifications.id });
  const expiredRateLimits = await db
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.resetAt, sql`${now.toISOString()}::timestamptz`))
    .returning({ key: rateLimitBuckets.key });
  return {
    expiredSessions: expiredSessions.length,
    expiredVerifications: expiredVerifications.length,
    expiredRateLimits: expiredRateLimits.length,
  };
}

/** A clean-up step another feature adds (returns what it did, for the log). */
export type CleanupStep = (now: Date) => Promise<Record<string, unknown>>;

/** Runs every hour (so photo deletion can keep its 24-hour promise), at minute 15, Jakarta time. */
export function cleanupJob(db: Database, log: Logger, steps: CleanupStep[] = []): JobDefinition {
  return {
    name: CLEANUP_JOB,
    schedule: { cron: "15 * * * *", timezone: "Asia/Jakarta" },
    retryLimit: 3,
    workers: 1,
    handler: async () => {
      const now = new Date();
      const report: Record<string, unknown> = { ...(await runCleanup(db, now)) };
      for (const step of steps) Object.assign(report, await step(now));
      log.info({ job: CLEANUP_JOB, ...report }, "clean-up finished");
    },
  };
}
