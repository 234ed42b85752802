import { describe, expect, it } from "vitest";
import { INSTALL_QUIET_MS, isQuiet, parseDismissedAt, shouldOfferInstall } from "./install-prompt";

const NOW = Date.UTC(2026, 10, 25);
const base = { avatarShown: true, canPrompt: true, standalone: false, quiet: false };

describe("shouldOfferInstall", () => {
  it("offers once a finished avatar is on screen and the browser made its offer", () => {
    expect(shouldOfferInstall(base)).toBe(true);
  });

  it("never on arrival: not before an avatar, whatever the browser offers", () => {
    expect(shouldOfferInstall({ ...base, avatarShown: false })).toBe(false);
  });

  it("not without the browser's offer, nor when Rupa already runs installed", () => {
    expect(shouldOfferInstall({ ...base, canPrompt: false })).toBe(false);
    expect(shouldOfferInstall({ ...base, standalone: true })).toBe(false);
  });

  it("respects a 'not now' for a month", () => {
    expect(shouldOfferInstall({ ...base, quiet: true })).toBe(false);
    expect(isQuiet(null, NOW)).toBe(false);
    expect(isQuiet(NOW - 1000, NOW)).toBe(true);
    expect(isQuiet(NOW - INSTALL_QUIET_MS + 1, NOW)).toBe(true);
    expect(isQuiet(NOW - INSTALL_QUIET_MS, NOW)).toBe(false);
  });
});

describe("parseDismissedAt", () => {
  it("reads a stored time and ignores anything else", () => {
    expect(parseDismissedAt(String(NOW))).toBe(NOW);
    expect(parseDismissedAt(null)).toBeNull();
    expect(parseDismissedAt("")).toBeNull();
    expect(parseDismissedAt("soon")).toBeNull();
    expect(parseDismissedAt("-5")).toBeNull();
  });
});
