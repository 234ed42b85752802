import { describe, expect, it } from "vitest";
import { friendSteps, friendsToGo, referralLink, whatsAppShareUrl } from "./referral-stats";

describe("referral stats", () => {
  it("builds the link and counts the friends still needed", () => {
    expect(referralLink("https://rupa.id", "ABC 1")).toBe("https://rupa.id/?ref=ABC%201");
    expect(friendsToGo({ progress: 1, rewardEvery: 3 })).toBe(2);
    expect(friendsToGo({ progress: 0, rewardEvery: 3 })).toBe(3);
    expect(friendsToGo({ progress: 5, rewardEvery: 3 })).toBe(0);
  });

  it("shares on WhatsApp with the invitation and the link in the text", () => {
    expect(whatsAppShareUrl("Yuk daftar: https://rupa.id/?ref=AB&x=1")).toBe(
      "https://wa.me/?text=Yuk%20daftar%3A%20https%3A%2F%2Frupa.id%2F%3Fref%3DAB%26x%3D1",
    );
  });

  it("says what each friend still needs", () => {
    const friend = {
      name: "Gina R.",
      joinedAt: "2026-11-28T10:00:00.000Z",
      confirmed: false,
      firstAvatar: false,
      firstPurchase: false,
      creditsAwarded: 0,
    };
    const keys = (f: typeof friend) => friendSteps(f).map((s) => [s.key, s.done]);
    expect(keys(friend)).toEqual([
      ["needsConfirm", false],
      ["needsPurchase", false],
    ]);
    expect(keys({ ...friend, confirmed: true })).toEqual([
      ["needsAvatar", false],
      ["needsPurchase", false],
    ]);
    expect(keys({ ...friend, confirmed: true, firstAvatar: true })).toEqual([
      ["avatarDone", true],
      ["needsPurchase", false],
    ]);
    // A purchase may come before the avatar; while rewards are paused it paid nothing.
    expect(keys({ ...friend, confirmed: true, firstPurchase: true, creditsAwarded: 5 })).toEqual([
      ["needsAvatar", false],
      ["purchaseDone", true],
    ]);
    expect(keys({ ...friend, confirmed: true, firstPurchase: true })).toEqual([
      ["needsAvatar", false],
      ["purchaseDoneNoReward", true],
    ]);
  });
});
