// @vitest-environment node
import { describe, expect, it } from "vitest";
import { googleStartUrl } from "./google-start";

describe("googleStartUrl", () => {
  it("is the server's Google start without a stored referral code", () => {
    expect(googleStartUrl(null)).toBe("/api/account/google/start");
  });

  it("carries a stored referral code to the server", () => {
    expect(googleStartUrl("AB12cd_-")).toBe("/api/account/google/start?referralCode=AB12cd_-");
  });

  it("drops a code the server would not accept", () => {
    expect(googleStartUrl("ab")).toBe("/api/account/google/start");
    expect(googleStartUrl("<x>&y=1")).toBe("/api/account/google/start");
  });
});
