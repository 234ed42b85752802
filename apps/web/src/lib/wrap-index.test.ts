import { describe, expect, it } from "vitest";
import { wrapIndex } from "./wrap-index";

describe("wrapIndex", () => {
  it("steps forward and back, wrapping at both ends", () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(3, 1, 4)).toBe(0);
    expect(wrapIndex(0, 1, 1)).toBe(0);
  });

  it("is 0 in an empty list", () => {
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});
