import { sql } from "drizzle-orm";
import type { Database } from "../../infra/db/client";

/** A key's shared window after `addMany`: the total of every process, and the time left. */
export interface SharedCount {
  key: string;
  count: number;
  /** Seconds until the window ends (the row's `reset_at`), measured by the database clock. */
  secondsLeft: number;
}

export interface RateLimitHit {
  count: number;
  /** Seconds until the window ends, measured by the database clock. */
  retryAfter: number;
}

/**
 * Fixed-window counters and deadlines shared by every process, one row per key in
 * rate_limit_buckets (`reset_at` is the window's end or the deadline; the cleanup job deletes
 * rows whose `reset_at` has passed). Times come from the database clock, so every process agrees.
 */
export function createRateLimitRepository(db: Database) {
  return {
    /** Counts one hit in the key's window (a new window starts when the last one ended). */
    async hit(key: string, windowSeconds: number): Promise<RateLimitHit> {
      const res = await db.execute<{ count: number; retry_after: number | string }>(sql`
        INSERT INTO rate_limit_buckets (key, count, reset_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit_buckets.reset_at <= now() THEN 1 ELSE rate_limit_buckets.count + 1 END,
          reset_at = CASE WHEN rate_limit_buckets.reset_at <= now()
            THEN now() + make_interval(secs => ${windowSeconds}) ELSE rate_limit_buckets.reset_at END
        RETURNING count, extract(epoch FROM reset_at - now())::float8 AS retry_after`);
      const row = res.rows[0]!;
      return { count: Number(row.count), retryAfter: Number(row.retry_after) };
    },

    /**
     * Adds many keys' counts to their windows in one statement (a new window starts when the
     * last one ended) and returns every key's shared total and the time left, with those of the
     * `watch` keys (read only; live windows only). Keys are written in sorted order, so two
     * processes adding overlapping keys at once do not deadlock. Each key once per call, and
     * not in both lists.
     */
    async addMany(
      entries: readonly { key: string; count: number }[],
      windowSeconds: number,
      watch: readonly string[] = [],
    ): Promise<SharedCount[]> {
      if (entries.length === 0 && watch.length === 0) return [];
      const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const keys = sql.param(sorted.map((e) => e.key));
      const counts = sql.param(sorted.map((e) => e.count));
      const res = await db.execute<{ key: string; count: number; seconds_left: number | string }>(
        sql`
        WITH added AS (
          INSERT INTO rate_limit_buckets (key, count, reset_at)
          SELECT t.key, t.count, now() + make_interval(secs => ${windowSeconds})
          FROM unnest(${keys}::text[], ${counts}::int[]) AS t(key, count)
          ORDER BY t.key
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN rate_limit_buckets.reset_at <= now() THEN EXCLUDED.count
              ELSE rate_limit_buckets.count + EXCLUDED.count END,
            reset_at = CASE WHEN rate_limit_buckets.reset_at <= now()
              THEN EXCLUDED.reset_at ELSE rate_limit_buckets.reset_at END
          RETURNING key, count, reset_at
        )
        SELECT key, count, extract(epoch FROM reset_at - now())::float8 AS seconds_left FROM added
        UNION ALL
        SELECT key, count, extract(epoch FROM reset_at - now())::float8 FROM rate_limit_buckets
        WHERE key = ANY(${sql.param([...watch])}::text[]) AND reset_at > now()`,
      );
      return res.rows.map((r) => ({
        key: r.key,
        count: Number(r.count),
        secondsLeft: Number(r.seconds_left),
      }));
    },

    /** Forgets every key that starts with `prefix`. */
    async clearPrefix(prefix: string): Promise<void> {
      await db.execute(sql`DELETE FROM rate_limit_buckets WHERE starts_with(key, ${prefix})`);
    },

    /** Takes back one hit of a live window (an attempt that turned out not to count). */
    async release(key: string): Promise<void> {
      await db.execute(sql`
        UPDATE rate_limit_buckets SET count = greatest(count - 1, 0)
        WHERE key = ${key} AND reset_at > now()`);
    },

    /** Forgets the key (a success resets its counter). */
    async clear(key: string): Promise<void> {
      await db.execute(sql`DELETE FROM rate_limit_buckets WHERE key = ${key}`);
    },

    /** Moves the key's deadline to at least `seconds` from now. */
    async extendDeadline(key: string, seconds: number): Promise<void> {
      await db.execute(sql`
        INSERT INTO rate_limit_buckets (key, count, reset_at)
        VALUES (${key}, ${Math.ceil(seconds)}, now() + make_interval(secs => ${seconds}))
        ON CONFLICT (key) DO UPDATE SET
          count = EXCLUDED.count,
          reset_at = greatest(rate_limit_buckets.reset_at, EXCLUDED.reset_at)`);
    },

    /** Seconds until the key's window or deadline ends (null: none, or it has passed). */
    async secondsLeft(key: string): Promise<number | null> {
      const res = await db.execute<{ left: number | string }>(sql`
        SELECT extract(epoch FROM reset_at - now())::float8 AS left
        FROM rate_limit_buckets WHERE key = ${key} AND reset_at > now()`);
      const seconds = res.rows[0] ? Number(res.rows[0].left) : 0;
      return seconds > 0 ? seconds : null;
    },

    /**
     * Claims the key's deadline: when there is none, or it has passed, the caller goes through and
     * the deadline is set `seconds` from now, atomically (one upsert), so of several callers
     * arriving together only one passes. Returns null when claimed, else the seconds left.
     */
    async claimDeadline(key: string, seconds: number): Promise<number | null> {
      const claimed = await db.execute(sql`
        INSERT INTO rate_limit_buckets (key, count, reset_at)
        VALUES (${key}, ${Math.ceil(seconds)}, now() + make_interval(secs => ${seconds}))
        ON CONFLICT (key) DO UPDATE SET count = EXCLUDED.count, reset_at = EXCLUDED.reset_at
        WHERE rate_limit_buckets.reset_at <= now()
        RETURNING key`);
      if (claimed.rows.length > 0) return null;
      const left = await db.execute<{ left: number | string }>(sql`
        SELECT extract(epoch FROM reset_at - now())::float8 AS left
        FROM rate_limit_buckets WHERE key = ${key}`);
      const secondsLeft = left.rows[0] ? Number(left.rows[0].left) : 0;
      return secondsLeft > 0 ? secondsLeft : 0.001;
    },
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
