import type { Logger } from "../../lib/logger";
import type { RateLimitRepository, SharedCount } from "./rate-limit.repository";

/** The API-wide limit's window (the setting is "per hour"). */
export const API_WINDOW_MS = 60 * 60 * 1000;
/** Every key of the API-wide limit starts with this (`limiterKey("api", …)`); reset clears them. */
export const API_KEY_PREFIX = "api:";
/** Shared mode: how often a process adds its counts to the shared rows. */
export const API_FLUSH_INTERVAL_MS = 1000;
/** Shared mode: a key with this many unflushed requests is flushed at once, not at the tick. */
export const API_EARLY_FLUSH_AT = 100;
/** Counters kept at most; past this, expired ones are swept before a new one is added. */
const MAX_KEYS = 100_000;
/** Shared mode: keys read back without requests to add, at most (see `watched`). */
const MAX_WATCHED = 1000;
/** Shared mode: a key not hit here for this long is not read back. */
const WATCH_IDLE_MS = 60_000;
/** While flushes keep failing, a warning at most this often. */
const FAILURE_LOG_EVERY_MS = 60_000;

export interface ApiLimitVerdict {
  allowed: boolean;
  /** Requests counted in this window, this one included (shared: all processes', as known here). */
  count: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
  /** True once per window (and process): the first refused request (a security event notes it). */
  firstRefusal: boolean;
}

/** What the shared mode needs of the rate-limit repository (tests pass an in-memory fake). */
export type ApiCountStore = Pick<RateLimitRepository, "addMany" | "clearPrefix">;

export interface ApiLimiterOptions {
  now?: () => number;
  windowMs?: number;
  /**
   * Share the counts of every process through `rate_limit_buckets` (PostgreSQL). Without it the
   * counters are this process's only (PGlite: one process).
   */
  shared?: {
    store: ApiCountStore;
    log: Pick<Logger, "warn" | "info">;
    flushIntervalMs?: number;
    earlyFlushAt?: number;
  };
}

interface Counter {
  /** The shared total as the last flush returned it (this process's flushed requests included). */
  shared: number;
  /** Requests being added by the flush in flight. */
  flushing: number;
  /** Requests counted here and not yet flushed (in local mode: every request of the window). */
  pending: number;
  /** The window's end on this process's clock (shared mode: the row's `reset_at` once known). */
  resetAt: number;
  refused: boolean;
  /** The limit of the last request, and when it came (which keys are worth reading back). */
  limit: number;
  lastHit: number;
}

/**
 * The API-wide limit's fixed-window counters (ADR 018). A verdict is one Map lookup, never a
 * database round trip.
 *
 * - Local mode (PGlite, one process): the counters are this process's memory.
 * - Shared mode (PostgreSQL, any number of processes): each process still counts in memory and,
 *   every `flushIntervalMs` (and at once when a key has `earlyFlushAt` unflushed requests), adds
 *   its per-key increments to `rate_limit_buckets` in one statement, which returns the shared
 *   totals and windows. The same statement reads back the keys hit here in the last minute that
 *   are half-way to the limit, so a process learns of the others' requests even when it has none
 *   to add. A verdict is the last known shared total plus what this process counted since; the
 *   window ends at the row's `reset_at`, so every process agrees on it (and on Retry-After).
 * - Overshoot: a process does not know what the others counted since their last flush, so per key
 *   and window the limit can be passed by about (processes − 1) × what one process lets through
 *   between two flushes: min(the key's requests in one interval, `earlyFlushAt` plus those that
 *   arrive during a flush's round trip), and never more than (processes − 1) × the limit.
 * - A failed flush fails no request: the counts stay here (still part of every verdict) and are
 *   added by the next flush that succeeds.
 * - `firstRefusal` is once per key, window and process: with N processes a client over the limit
 *   records at most N `rate_limited` events per window.
 */
export function createApiLimiter(opts: ApiLimiterOptions = {}) {
  const now = opts.now ?? Date.now;
  const windowMs = opts.windowMs ?? API_WINDOW_MS;
  const shared = opts.shared;
  const earlyFlushAt = shared?.earlyFlushAt ?? API_EARLY_FLUSH_AT;
  const counters = new Map<string, Counter>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let failingSince: number | null = null;
  let lastFailureLog = 0;

  function sweep(at: number) {
    for (const [k, v] of counters) if (v.resetAt <= at) counters.delete(k);
  }

  /**
   * Keys worth reading back although this process has nothing to add: hit here lately, not
   * refused, and at least half-way to the limit, so another process's requests may already have
   * used up the rest (a key with unflushed requests is read back anyway).
   */
  function watched(at: number): string[] {
    const keys: string[] = [];
    for (const [key, c] of counters) {
      if (keys.length >= MAX_WATCHED) break;
      if (c.pending > 0 || c.refused || c.resetAt <= at || at - c.lastHit > WATCH_IDLE_MS) continue;
      if (c.shared > 0 && c.shared * 2 >= c.limit) keys.push(key);
    }
    return keys;
  }

  /** Adopts a key's shared total and window as the database returned them. */
  function adopt(c: Counter, total: SharedCount, at: number) {
    const resetAt = at + total.secondsLeft * 1000;
    // The database started a new window (this process's had not ended yet, or was only a guess).
    if (resetAt - c.resetAt > windowMs / 2) c.refused = false;
    c.shared = total.count;
    c.resetAt = resetAt;
  }

  /**
   * Adds every key's unflushed requests to the shared rows and takes back their totals (and those
   * of the watched keys), in one statement.
   */
  async function flushOnce(): Promise<void> {
    if (!shared) return;
    const watch = watched(now());
    const batch: { key: string; counter: Counter; count: number }[] = [];
    for (const [key, counter] of counters) {
      if (counter.pending <= 0) continue;
      batch.push({ key, counter, count: counter.pending });
      counter.flushing = counter.pending;
      counter.pending = 0;
    }
    if (batch.length === 0 && watch.length === 0) return;
    const giveBack = () => {
      for (const b of batch) {
        b.counter.pending += b.counter.flushing;
        b.counter.flushing = 0;
      }
    };
    let totals: SharedCount[];
    try {
      totals = await shared.store.addMany(
        batch.map((b) => ({ key: b.key, count: b.count })),
        windowMs / 1000,
        watch,
      );
    } catch (err) {
      // Counted again with the next flush (a counter whose window ended meanwhile was replaced
      // and its requests are dropped with it).
      giveBack();
      const at = now();
      if (failingSince === null || at - lastFailureLog >= FAILURE_LOG_EVERY_MS) {
        shared.log.warn(
          { err, keys: batch.length },
          "API rate-limit counts not shared; counting locally until the database answers",
        );
        lastFailureLog = at;
      }
      failingSince ??= at;
      return;
    }
    const at = now();
    if (failingSince !== null) {
      shared.log.info({ failedForMs: at - failingSince }, "API rate-limit counts shared again");
      failingSince = null;
    }
    const byKey = new Map(totals.map((t) => [t.key, t]));
    for (const b of batch) {
      const total = byKey.get(b.key);
      if (!total) continue;
      adopt(b.counter, total, at);
      b.counter.flushing = 0;
    }
    giveBack(); // (only what no row came back for)
    for (const key of watch) {
      const total = byKey.get(key);
      const c = counters.get(key);
      if (total && c) adopt(c, total, at);
    }
  }

  /**
   * Flushes now; resolves once every request counted before the call is in the shared rows (or
   * the attempt failed and they wait for the next one). Never rejects. Local mode: nothing to do.
   */
  function flush(): Promise<void> {
    if (!shared) return Promise.resolve();
    if (queued) return queued;
    if (running) {
      queued = running.then(() => {
        queued = null;
        return flush();
      });
      return queued;
    }
    const current = flushOnce().finally(() => {
      running = null;
    });
    running = current;
    return current;
  }

  const mode: "local" | "shared" = shared ? "shared" : "local";
  if (shared) {
    timer = setInterval(() => {
      if (!running) void flush();
    }, shared.flushIntervalMs ?? API_FLUSH_INTERVAL_MS);
    timer.unref();
  }

  return {
    /** "shared": counts agree across processes through the database; "local": this process only. */
    mode,

    /** Counts one request of `key` against `limit` per window. */
    hit(key: string, limit: number): ApiLimitVerdict {
      const at = now();
      let c = counters.get(key);
      if (!c || c.resetAt <= at) {
        if (!c && counters.size >= MAX_KEYS) sweep(at);
        // A new window: what was not flushed of the last one belonged to it and is dropped.
        c = {
          shared: 0,
          flushing: 0,
          pending: 0,
          resetAt: at + windowMs,
          refused: false,
          limit,
          lastHit: at,
        };
        counters.set(key, c);
      }
      c.pending++;
      c.limit = limit;
      c.lastHit = at;
      const count = c.shared + c.flushing + c.pending;
      const retryAfterSeconds = Math.max(1, Math.ceil((c.resetAt - at) / 1000));
      if (count <= limit) {
        // Others learn of a busy key sooner (a refused key's verdict cannot change: no hurry).
        if (shared && c.pending >= earlyFlushAt && !queued) void flush();
        return { allowed: true, count, retryAfterSeconds, firstRefusal: false };
      }
      const firstRefusal = !c.refused;
      c.refused = true;
      return { allowed: false, count, retryAfterSeconds, firstRefusal };
    },

    flush,

    /** Forget every counter (tests; a restart does the same). Shared mode: the shared rows too. */
    async reset(): Promise<void> {
      counters.clear();
      if (!shared) return;
      // A flush in flight would write its counts back after the rows are deleted.
      await (queued ?? running);
      await shared.store.clearPrefix(API_KEY_PREFIX);
    },

    /** Stops the flush timer and hands the last counts to the shared rows (shutdown). */
    async close(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },

    get size() {
      return counters.size;
    },
  };
}
export type ApiLimiter = ReturnType<typeof createApiLimiter>;
