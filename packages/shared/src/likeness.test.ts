import { describe, expect, it } from "vitest";
import {
  likenessCheckByDefault,
  likenessOf,
  likenessPasses,
  likenessScore,
  secondIsCloser,
} from "./likeness";

describe("Garansi Mirip's rules (ADR 038)", () => {
  it("scores a distance on a fixed curve, no face as 0", () => {
    expect([0, 0.3, 0.45, 0.6, 0.8, 1, 1.4].map(likenessScore)).toEqual([
      100, 91, 80, 64, 36, 0, 0,
    ]);
    expect(likenessScore(null)).toBe(0);
    expect(likenessScore(Number.NaN)).toBe(0);
  });

  it("passes a face within the bar, never a missing one", () => {
    expect(likenessPasses(0.6, 0.6)).toBe(true);
    expect(likenessPasses(0.61, 0.6)).toBe(false);
    expect(likenessPasses(null, 1.2)).toBe(false);
  });

  it("keeps the closer of two, a face over none, the first on a tie", () => {
    expect(secondIsCloser(0.9, 0.7)).toBe(true);
    expect(secondIsCloser(0.7, 0.9)).toBe(false);
    expect(secondIsCloser(null, 0.9)).toBe(true);
    expect(secondIsCloser(0.9, null)).toBe(false);
    expect(secondIsCloser(null, null)).toBe(false);
    expect(secondIsCloser(0.8, 0.8)).toBe(false);
  });

  it("reads a stored score and verdict, anything odd as not checked", () => {
    expect(likenessOf(92, "ok")).toEqual({ score: 92, verdict: "ok" });
    expect(likenessOf(40, "refunded")).toEqual({ score: 40, verdict: "refunded" });
    expect(likenessOf(null, "not_checked")).toEqual({ score: null, verdict: "not_checked" });
    expect(likenessOf(null, null)).toEqual({ score: null, verdict: "not_checked" });
    expect(likenessOf(50, "maybe")).toEqual({ score: null, verdict: "not_checked" });
  });

  it("checks the photo categories by default, not the drawn ones", () => {
    expect(likenessCheckByDefault("formal_cv_cpns")).toBe(true);
    expect(likenessCheckByDefault("hijab_style")).toBe(true);
    expect(likenessCheckByDefault("cartoon")).toBe(false);
    expect(likenessCheckByDefault("profesi_collectibles")).toBe(false);
    expect(likenessCheckByDefault("pop_culture")).toBe(false);
  });
});
