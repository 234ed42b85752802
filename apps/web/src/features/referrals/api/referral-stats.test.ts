import { referralStatsSchema } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { friendsToGo, parseReferralStats, referralLink } from "./referral-stats";

const stats = {
  referralCode: "ABC123",
  total: 4,
  pending: 1,
  completed: 3,
  creditsEarned: 5,
  progress: 0,
  rewardEvery: 3,
  rewardCredits: 5,
  premiumUnlocked: true,
};

describe("referral stats", () => {
  it("parses like referralStatsSchema", () => {
    expect(parseReferralStats(stats)).toEqual(referralStatsSchema.parse(stats));
    expect(() => parseReferralStats({ ...stats, progress: -1 })).toThrow();
    expect(referralStatsSchema.safeParse({ ...stats, progress: -1 }).success).toBe(false);
  });

  it("builds the link and counts the friends still needed", () => {
    expect(referralLink("https://rupa.id", "ABC 1")).toBe("https://rupa.id/?ref=ABC%201");
    expect(friendsToGo({ progress: 1, rewardEvery: 3 })).toBe(2);
    expect(friendsToGo({ progress: 0, rewardEvery: 3 })).toBe(3);
    expect(friendsToGo({ progress: 5, rewardEvery: 3 })).toBe(0);
  });
});
