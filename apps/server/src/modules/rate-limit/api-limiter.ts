/** The API-wide limit's window (the setting is "per hour"). */
export const API_WINDOW_MS = 60 * 60 * 1000;
/** Counters kept at most; past this, expired ones are swept before a new one is added. */
const MAX_KEYS = 100_000;

export interface ApiLimitVerdict {
  allowed: boolean;
  /** Requests counted in this window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
  /** True once per window: the first refused request (the one a security event records). */
  firstRefusal: boolean;
}

/**
 * Fixed-window counters in this process's memory (ADR 018): one Map lookup per request, no
 * database round trip. With several processes each counts its own share, so the limit is per
 * process until issue 17 moves the counters to shared storage.
 */
export function createApiLimiter(now: () => number = Date.now, windowMs = API_WINDOW_MS) {
  const counters = new Map<string, { count: number; resetAt: number; refused: boolean }>();

  function sweep(at: number) {
    for (const [k, v] of counters) if (v.resetAt <= at) counters.delete(k);
  }

  return {
    /** Counts one request of `key` against `limit` per window. */
    hit(key: string, limit: number): ApiLimitVerdict {
      const at = now();
      let c = counters.get(key);
      if (!c || c.resetAt <= at) {
        if (!c && counters.size >= MAX_KEYS) sweep(at);
        c = { count: 0, resetAt: at + windowMs, refused: false };
        counters.set(key, c);
      }
      c.count++;
      const retryAfterSeconds = Math.max(1, Math.ceil((c.resetAt - at) / 1000));
      if (c.count <= limit)
        return { allowed: true, count: c.count, retryAfterSeconds, firstRefusal: false };
      const firstRefusal = !c.refused;
      c.refused = true;
      return { allowed: false, count: c.count, retryAfterSeconds, firstRefusal };
    },
    /** Forget every counter (tests; a restart does the same). */
    reset(): void {
      counters.clear();
    },
    get size() {
      return counters.size;
    },
  };
}
export type ApiLimiter = ReturnType<typeof createApiLimiter>;
