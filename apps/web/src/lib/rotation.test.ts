import { describe, expect, it } from "vitest";
import { nextTurn, rotatedSize } from "./rotation";

describe("rotation", () => {
  it("turns 90° per tap and wraps after a full turn", () => {
    expect(nextTurn(0)).toBe(1);
    expect(nextTurn(1)).toBe(2);
    expect(nextTurn(2)).toBe(3);
    expect(nextTurn(3)).toBe(0);
  });

  it("swaps width and height on odd turns", () => {
    expect(rotatedSize(4000, 3000, 0)).toEqual({ width: 4000, height: 3000 });
    expect(rotatedSize(4000, 3000, 1)).toEqual({ width: 3000, height: 4000 });
    expect(rotatedSize(4000, 3000, 2)).toEqual({ width: 4000, height: 3000 });
    expect(rotatedSize(4000, 3000, 3)).toEqual({ width: 3000, height: 4000 });
  });
});
