import { sql } from "drizzle-orm";
import type { Database } from "../../infra/db/client";

export interface RateLimitHit {
  count: number;
  resetAt: Date;
}

/** Fixed-window counters shared by every process (one upsert per hit). */
export function createRateLimitRepository(db: Database) {
  return {
    async hit(key: string, windowSeconds: number): Promise<RateLimitHit> {
      const res = await db.execute<{ count: number; reset_at: string | Date }>(sql`
        INSERT INTO rate_limit_buckets (key, count, reset_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit_buckets.reset_at <= now() THEN 1 ELSE rate_limit_buckets.count + 1 END,
          reset_at = CASE WHEN rate_limit_buckets.reset_at <= now()
            THEN now() + make_interval(secs => ${windowSeconds}) ELSE rate_limit_buckets.reset_at END
        RETURNING count, reset_at`);
      const row = res.rows[0]!;
      return { count: Number(row.count), resetAt: new Date(row.reset_at) };
    },
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
