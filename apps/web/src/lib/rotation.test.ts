import { describe, expect, it } from "vitest";
import { nextTurn, rotatedSize, rotationPlan } from "./rotation";

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

  it("plans a canvas centred on the image with the right angle", () => {
    const plan = rotationPlan(800, 600, 1);
    expect(plan.canvas).toEqual({ width: 600, height: 800 });
    expect(plan.draw).toEqual({ width: 800, height: 600 });
    expect(plan.translate).toEqual({ x: 300, y: 400 });
    expect(plan.angle).toBeCloseTo(Math.PI / 2);
    expect(rotationPlan(800, 600, 2).angle).toBeCloseTo(Math.PI);
    expect(rotationPlan(800, 600, 0).canvas).toEqual({ width: 800, height: 600 });
  });

  it("scales a large photo so its longest side fits, keeping the ratio", () => {
    const plan = rotationPlan(4032, 3024, 3, 3072);
    expect(plan.draw).toEqual({ width: 3072, height: 2304 });
    expect(plan.canvas).toEqual({ width: 2304, height: 3072 });
    expect(plan.angle).toBeCloseTo((3 * Math.PI) / 2);
    // small photos are never scaled up
    expect(rotationPlan(600, 512, 1, 3072).draw).toEqual({ width: 600, height: 512 });
  });
});
