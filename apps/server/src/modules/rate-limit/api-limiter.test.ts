import { describe, expect, it } from "vitest";
import { createSettingsCache } from "../settings/settings-cache";
import { createApiLimiter } from "./api-limiter";

describe("API-wide limiter", () => {
  it("lets `limit` requests through per key and window, then refuses with the time left", () => {
    let now = 0;
    const limiter = createApiLimiter(() => now, 60_000);
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
    const limiter = createApiLimiter(() => 0);
    for (let i = 0; i < 10; i++) limiter.hit("user:u", 3000);
    expect(limiter.hit("user:u", 5).allowed).toBe(false);
    expect(limiter.hit("user:u", 3000).allowed).toBe(true);
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
