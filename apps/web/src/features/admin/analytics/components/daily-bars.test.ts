import { describe, expect, it } from "vitest";
import { lastJakartaDays, shortDate, weekdayParts } from "./daily-bars";
import { parseRange } from "./range-picker";

describe("analytics charts' days", () => {
  it("lists the last days in Jakarta time, today last", () => {
    // 18:30 UTC on 24 November is 01:30 on 25 November in Jakarta.
    expect(lastJakartaDays(3, Date.parse("2026-11-24T18:30:00Z"))).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
    ]);
    expect(lastJakartaDays(2, Date.parse("2026-03-01T03:00:00Z"))).toEqual([
      "2026-02-28",
      "2026-03-01",
    ]);
  });

  it("labels a day by its calendar date, whatever the browser's zone", () => {
    expect(weekdayParts("2026-11-24", "en")).toEqual({ weekday: "Tue", day: "24" });
    expect(weekdayParts("2026-11-24", "id").day).toBe("24");
    expect(shortDate("2026-11-04")).toBe("04/11");
  });

  it("keeps ?range= to the presets", () => {
    expect(parseRange("30")).toBe(30);
    expect(parseRange("90")).toBe(90);
    expect(parseRange("12")).toBe(7);
    expect(parseRange(null)).toBe(7);
  });
});
