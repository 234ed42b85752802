import { describe, expect, it } from "vitest";
import { likenessQuality, NO_QUALITY, percentOf } from "./likeness-quality.rules";

/** Garansi Mirip's figures from the counts the SQL gives (likeness-quality.int.test.ts runs it). */

describe("likeness quality", () => {
  it("gives the median and the rates of the checked results, one decimal", () => {
    expect(likenessQuality({ checked: 8, median: 81.5, redone: 3, refunded: 1 })).toEqual({
      checked: 8,
      medianScore: 81.5,
      redoRate: 37.5,
      refundRate: 12.5,
    });
    // 1 of 3 is 33.333…%: rounded to one decimal; a long median too.
    expect(likenessQuality({ checked: 3, median: 72.04999, redone: 1, refunded: 0 })).toEqual({
      checked: 3,
      medianScore: 72,
      redoRate: 33.3,
      refundRate: 0,
    });
    expect(likenessQuality({ checked: 3, median: 90, redone: 2, refunded: 2 }).redoRate).toBe(66.7);
  });

  it("says nothing when nothing was checked (no division by zero)", () => {
    expect(likenessQuality({ checked: 0, median: null, redone: 0, refunded: 0 })).toEqual(
      NO_QUALITY,
    );
    expect(NO_QUALITY).toEqual({ checked: 0, medianScore: null, redoRate: null, refundRate: null });
  });

  it("reads the database's numbers as they come (text or numbers) and keeps them in 0-100", () => {
    const fromDriver = {
      checked: "4",
      median: "64.5",
      redone: "4",
      refunded: "1",
    } as unknown as Parameters<typeof likenessQuality>[0];
    expect(likenessQuality(fromDriver)).toEqual({
      checked: 4,
      medianScore: 64.5,
      redoRate: 100,
      refundRate: 25,
    });
    expect(percentOf(5, 4)).toBe(100);
    expect(likenessQuality({ checked: 1, median: null, redone: 0, refunded: 0 }).medianScore).toBe(
      null,
    );
  });
});
