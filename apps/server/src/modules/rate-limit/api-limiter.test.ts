import { afterEach, describe, expect, it, vi } from "vitest";
import { createSettingsCache } from "../settings/settings-cache";
import { type ApiCountStore, type ApiLimiter, createApiLimiter } from "./api-limiter";

describe("API-wide limiter", () => {
  it("lets `limit` requests through per key and window, then refuses with the time left", () => {
    let now = 0;
    const limiter = createApiLimiter({ now: () => now, windowMs: 60_000 });
    const verdicts = Array.from({ length: 5 }, () => limiter.hit("ip:a", 3));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false, false]);
    expect(verdicts.map((v) => v.firstRefusal)).toEqual([false, false, false, true, false]);
    expect(verdicts[3]!.retryAfterSeconds).toBe(60);
    // Another key has its own budget.
    expect(limiter.hit("ip:b", 3).allowed).toBe(true);
    now = 45_000;
    expect(limiter.hit("ip:a", 3)).toMatchObject({ allowed: false, retryAfterSeconds: 15 });
    // A new window starts afresh, and is reported again when it overflows.
    now = 60_000;
    expect(limiter.hit("ip:a", 3)).toMatchObject({ allowed: true, count: 1 });
    limiter.hit("ip:a", 3);
    limiter.hit("ip:a", 3);
    expect(limiter.hit("ip:a", 3).firstRefusal).toBe(true);
  });

  it("applies a lowered limit to the next request of a running window", () => {
    const limiter = createApiLimiter({ now: () => 0 });
    for (let i = 0; i < 10; i++) limiter.hit("user:u", 3000);
    expect(limiter.hit("user:u", 5).allowed).toBe(false);
    expect(limiter.hit("user:u", 3000).allowed).toBe(true);
  });
});

/**
 * rate_limit_buckets in memory, with the repository's semantics: counts are added to the key's
 * window, a new window starts when the last one ended, totals and seconds left come back.
 */
function fakeStore(clock: () => number) {
  const rows = new Map<string, { count: number; resetAt: number }>();
  const calls: { key: string; count: number }[][] = [];
  const watches: string[][] = [];
  let failing = false;
  const store: ApiCountStore = {
    addMany: (entries, windowSeconds, watch = []) => {
      calls.push([...entries]);
      watches.push([...watch]);
      if (failing) return Promise.reject(new Error("database down"));
      const at = clock();
      const added = entries.map(({ key, count }) => {
        let row = rows.get(key);
        if (!row || row.resetAt <= at) {
          row = { count: 0, resetAt: at + windowSeconds * 1000 };
          rows.set(key, row);
        }
        row.count += count;
        return { key, count: row.count, secondsLeft: (row.resetAt - at) / 1000 };
      });
      const read = watch.flatMap((key) => {
        const row = rows.get(key);
        return row && row.resetAt > at
          ? [{ key, count: row.count, secondsLeft: (row.resetAt - at) / 1000 }]
          : [];
      });
      return Promise.resolve([...added, ...read]);
    },
    clearPrefix: (prefix) => {
      for (const key of rows.keys()) if (key.startsWith(prefix)) rows.delete(key);
      return Promise.resolve();
    },
  };
  return {
    store,
    rows,
    calls,
    watches,
    fail: (on: boolean) => {
      failing = on;
    },
  };
}

describe("API-wide limiter shared between processes", () => {
  let now = 0;
  const limiters: ApiLimiter[] = [];
  const warnings: unknown[] = [];
  const log = { warn: (o: unknown) => void warnings.push(o), info: () => undefined };
  /** One process's limiter over the shared (fake) table; its timer is out of the way. */
  function processLimiter(store: ApiCountStore, earlyFlushAt?: number): ApiLimiter {
    const limiter = createApiLimiter({
      now: () => now,
      shared: { store, log, flushIntervalMs: 3_600_000, earlyFlushAt },
    });
    limiters.push(limiter);
    return limiter;
  }
  afterEach(async () => {
    await Promise.all(limiters.splice(0).map((l) => l.close()));
    warnings.length = 0;
    now = 0;
    vi.useRealTimers();
  });

  it("counts locally between flushes, without touching the table", () => {
    const shared = fakeStore(() => now);
    const a = processLimiter(shared.store);
    expect(a.mode).toBe("shared");
    const verdicts = Array.from({ length: 4 }, () => a.hit("api:ip:x", 3));
    expect(verdicts.map((v) => [v.allowed, v.count, v.firstRefusal])).toEqual([
      [true, 1, false],
      [true, 2, false],
      [true, 3, false],
      [false, 4, true],
    ]);
    expect(shared.calls).toEqual([]);
  });

  it("adds the other processes' flushed counts to its own, and refuses past the limit", async () => {
    const shared = fakeStore(() => now);
    const a = processLimiter(shared.store);
    const b = processLimiter(shared.store);
    for (let i = 0; i < 5; i++) expect(a.hit("api:user:u", 10).allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect(b.hit("api:user:u", 10).allowed).toBe(true);
    await a.flush();
    await b.flush();
    // One statement per flush, with each key's increments.
    expect(shared.calls).toEqual([
      [{ key: "api:user:u", count: 5 }],
      [{ key: "api:user:u", count: 5 }],
    ]);
    expect(shared.rows.get("api:user:u")?.count).toBe(10);
    // B knows the shared total: its next request is the 11th.
    expect(b.hit("api:user:u", 10)).toMatchObject({
      allowed: false,
      count: 11,
      firstRefusal: true,
    });
    expect(b.hit("api:user:u", 10)).toMatchObject({ allowed: false, firstRefusal: false });
    // A last heard 5 (the overshoot: what others counted since its last flush)…
    expect(a.hit("api:user:u", 10)).toMatchObject({ allowed: true, count: 6 });
    // …until its next flush brings the total.
    await a.flush();
    expect(a.hit("api:user:u", 10)).toMatchObject({
      allowed: false,
      count: 12,
      firstRefusal: true,
    });
    // A's refused request is added too (every request counts); then there is nothing to add
    // and nothing worth reading back (a refused key): a flush does not query.
    await a.flush();
    await a.flush();
    expect(shared.calls).toHaveLength(4);
  });

  it("reads back a busy key it has nothing to add for, so it learns the others' requests", async () => {
    const shared = fakeStore(() => now);
    const a = processLimiter(shared.store);
    const b = processLimiter(shared.store);
    for (let i = 0; i < 5; i++) a.hit("api:ip:half", 10);
    for (let i = 0; i < 5; i++) b.hit("api:ip:half", 10);
    for (let i = 0; i < 4; i++) a.hit("api:ip:quiet", 10);
    await a.flush();
    await b.flush();
    expect(shared.watches).toEqual([[], []]);
    // A has nothing to add: it reads back the key half-way to the limit (5 of 10), not the other
    // (4 of 10).
    await a.flush();
    expect(shared.calls.at(-1)).toEqual([]);
    expect(shared.watches.at(-1)).toEqual(["api:ip:half"]);
    expect(a.hit("api:ip:half", 10)).toMatchObject({
      allowed: false,
      count: 11,
      firstRefusal: true,
    });
    a.hit("api:ip:quiet", 10);
    await a.flush();
    expect(shared.watches.at(-1)).toEqual([]);
    await a.flush();
    expect(shared.watches.at(-1)).toEqual(["api:ip:quiet"]);
    // Not hit here for a minute: not read back any more.
    now = 61_000;
    const queries = shared.calls.length;
    await a.flush();
    expect(shared.calls).toHaveLength(queries);
  });

  it("takes the window's end from the shared row, and starts afresh when it has passed", async () => {
    const shared = fakeStore(() => now);
    const a = processLimiter(shared.store);
    const b = processLimiter(shared.store);
    b.hit("api:ip:y", 5);
    await b.flush(); // the shared window: 0 … 3600 s
    now = 1_000_000;
    // A guesses a window of its own until it flushes…
    expect(a.hit("api:ip:y", 5).retryAfterSeconds).toBe(3600);
    await a.flush();
    // …then both agree on the row's.
    expect(a.hit("api:ip:y", 5)).toMatchObject({ count: 3, retryAfterSeconds: 2600 });
    expect(b.hit("api:ip:y", 5)).toMatchObject({ count: 2, retryAfterSeconds: 2600 });
    for (let i = 0; i < 2; i++) a.hit("api:ip:y", 5); // 4, 5
    expect(a.hit("api:ip:y", 5)).toMatchObject({ allowed: false, firstRefusal: true });
    now = 3_600_000;
    // A new window: the old one's unflushed requests are not carried into it.
    expect(a.hit("api:ip:y", 5)).toMatchObject({
      allowed: true,
      count: 1,
      retryAfterSeconds: 3600,
    });
    await a.flush();
    expect(shared.rows.get("api:ip:y")).toEqual({ count: 1, resetAt: 7_200_000 });
    for (let i = 0; i < 4; i++) a.hit("api:ip:y", 5); // 2 … 5
    expect(a.hit("api:ip:y", 5).firstRefusal).toBe(true);
  });

  it("keeps counting when a flush fails and sends the same increments with the next one", async () => {
    const shared = fakeStore(() => now);
    const a = processLimiter(shared.store);
    for (let i = 0; i < 3; i++) a.hit("api:ip:z", 4);
    shared.fail(true);
    await expect(a.flush()).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(shared.rows.size).toBe(0);
    // Still counted here: the 5th request is refused.
    expect(a.hit("api:ip:z", 4).allowed).toBe(true);
    expect(a.hit("api:ip:z", 4)).toMatchObject({ allowed: false, count: 5, firstRefusal: true });
    await a.flush();
    expect(warnings).toHaveLength(1); // not once a second while the database is down
    shared.fail(false);
    await a.flush();
    expect(shared.calls.at(-1)).toEqual([{ key: "api:ip:z", count: 5 }]);
    expect(shared.rows.get("api:ip:z")?.count).toBe(5);
    expect(a.hit("api:ip:z", 4)).toMatchObject({ allowed: false, count: 6, firstRefusal: false });
  });

  it("flushes early when a key has many unflushed requests", async () => {
    const shared = fakeStore(() => now);
    const a = processLimiter(shared.store, 5);
    for (let i = 0; i < 4; i++) a.hit("api:ip:busy", 100);
    expect(shared.calls).toHaveLength(0);
    a.hit("api:ip:busy", 100);
    await a.flush();
    expect(shared.calls[0]).toEqual([{ key: "api:ip:busy", count: 5 }]);
  });

  it("flushes on its timer and stops when closed; reset forgets local and shared counts", async () => {
    vi.useFakeTimers();
    const shared = fakeStore(() => now);
    const a = createApiLimiter({
      now: () => now,
      shared: { store: shared.store, log, flushIntervalMs: 1000 },
    });
    a.hit("api:ip:t", 10);
    a.hit("api:ip:t", 10);
    await vi.advanceTimersByTimeAsync(1000);
    expect(shared.rows.get("api:ip:t")?.count).toBe(2);
    shared.rows.set("sign-in:pair:k", { count: 3, resetAt: 900_000 });
    await a.reset();
    expect(a.size).toBe(0);
    expect([...shared.rows.keys()]).toEqual(["sign-in:pair:k"]);
    expect(a.hit("api:ip:t", 10).count).toBe(1);
    // Closing hands over the last counts and stops the timer.
    await a.close();
    expect(shared.rows.get("api:ip:t")?.count).toBe(1);
    a.hit("api:ip:t", 10);
    await vi.advanceTimersByTimeAsync(5000);
    expect(shared.rows.get("api:ip:t")?.count).toBe(1);
  });
});

describe("settings cache", () => {
  it("reads a setting once per TTL and again at once after invalidate", async () => {
    let now = 0;
    let reads = 0;
    let value = "true";
    const cache = createSettingsCache(
      {
        get: () => {
          reads++;
          return Promise.resolve(value);
        },
      },
      { ttlMs: 5000, now: () => now },
    );
    expect(await cache.getBool("rate_limit_api_enabled")).toBe(true);
    value = "false";
    expect(await cache.getBool("rate_limit_api_enabled")).toBe(true);
    expect(reads).toBe(1);
    cache.invalidate();
    expect(await cache.getBool("rate_limit_api_enabled")).toBe(false);
    now = 6000;
    value = "7";
    expect(await cache.getInt("rate_limit_api_enabled")).toBe(7);
    expect(reads).toBe(3);
  });

  it("does not keep a failed read", async () => {
    let fail = true;
    const cache = createSettingsCache({
      get: () => (fail ? Promise.reject(new Error("down")) : Promise.resolve("3000")),
    });
    await expect(cache.get("rate_limit_api_per_hour")).rejects.toThrow("down");
    fail = false;
    expect(await cache.getInt("rate_limit_api_per_hour")).toBe(3000);
  });
});
