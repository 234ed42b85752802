import { describe, expect, it } from "vitest";
import { formatPercent, likenessFigures } from "./likeness-quality";

describe("Garansi Mirip's figures in the admin", () => {
  it("writes the median and the rates in the admin's language", () => {
    const q = { checked: 1234, medianScore: 72.5, redoRate: 37.5, refundRate: 0 };
    expect(likenessFigures(q, "id")).toEqual({
      checked: "1.234",
      median: "72,5",
      redo: "37,5%",
      refund: "0%",
    });
    expect(likenessFigures(q, "en")).toEqual({
      checked: "1,234",
      median: "72.5",
      redo: "37.5%",
      refund: "0%",
    });
    expect(formatPercent(100, "id")).toBe("100%");
  });

  it("shows a dash where nothing was checked", () => {
    const none = { checked: 0, medianScore: null, redoRate: null, refundRate: null };
    expect(likenessFigures(none, "id")).toEqual({
      checked: "0",
      median: "—",
      redo: "—",
      refund: "—",
    });
  });
});
