import { describe, expect, it } from "vitest";
import { friendsToGo, referralLink } from "./referral-stats";

describe("referral stats", () => {
  it("builds the link and counts the friends still needed", () => {
    expect(referralLink("https://rupa.id", "ABC 1")).toBe("https://rupa.id/?ref=ABC%201");
    expect(friendsToGo({ progress: 1, rewardEvery: 3 })).toBe(2);
    expect(friendsToGo({ progress: 0, rewardEvery: 3 })).toBe(3);
    expect(friendsToGo({ progress: 5, rewardEvery: 3 })).toBe(0);
  });
});
