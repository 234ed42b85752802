import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REWARDS_SEEN_KEY } from "./referral";
import { takeRewardNews } from "./referral-rewards";

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
  });
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

const reward = (paidAt: string, credits = 5) => ({ paidAt, credits });

describe("referral reward news", () => {
  it("announces each reward once per account on this device", () => {
    const rewards = [reward("2026-11-28T10:00:00.000Z"), reward("2026-11-27T10:00:00.000Z")];
    expect(takeRewardNews("u1", rewards)).toEqual({ count: 2, credits: 10 });
    expect(takeRewardNews("u1", rewards)).toEqual({ count: 0, credits: 0 });
    // Another account on the same device has its own news.
    expect(takeRewardNews("u2", rewards.slice(1))).toEqual({ count: 1, credits: 5 });
    // A newer reward is news again, alone.
    const later = [reward("2026-11-28T12:00:00.000Z", 3), ...rewards];
    expect(takeRewardNews("u1", later)).toEqual({ count: 1, credits: 3 });
    expect(JSON.parse(store.get(REWARDS_SEEN_KEY)!)).toEqual({
      u1: "2026-11-28T12:00:00.000Z",
      u2: "2026-11-27T10:00:00.000Z",
    });
  });

  it("starts over from a damaged record", () => {
    store.set(REWARDS_SEEN_KEY, "not json");
    expect(takeRewardNews("u1", [reward("2026-11-28T10:00:00.000Z")]).count).toBe(1);
  });
});
