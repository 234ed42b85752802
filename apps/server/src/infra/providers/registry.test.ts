import { describe, expect, it } from "vitest";
import { INSTANT_ID_MODEL, INSTANT_ID_VERSION, replicateVersion } from "./registry";

describe("replicateVersion", () => {
  const other = "a".repeat(64);
  it("pins InstantID to Rupa's version unless the config names one", () => {
    expect(replicateVersion(INSTANT_ID_MODEL, {})).toBe(INSTANT_ID_VERSION);
    expect(INSTANT_ID_VERSION).toMatch(/^[0-9a-f]{64}$/);
    expect(replicateVersion(INSTANT_ID_MODEL, { version: other })).toBe(other);
  });
  it("ignores a malformed version and has none for another model without one", () => {
    expect(replicateVersion(INSTANT_ID_MODEL, { version: "latest" })).toBe(INSTANT_ID_VERSION);
    expect(replicateVersion("someone/other-model", {})).toBeNull();
    expect(replicateVersion("someone/other-model", { version: other })).toBe(other);
  });
});
