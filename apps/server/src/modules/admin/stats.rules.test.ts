import { describe, expect, it } from "vitest";
import { addDays, daysBetween, instantsOf, jakartaDay, zeroFill } from "./stats.rules";

/** The Asia/Jakarta days the Dashboard and Analytics count in; stats.int.test.ts runs the SQL. */

const NOW = Date.parse("2026-11-24T18:30:00Z"); // 01:30 WIB on 25 November

describe("Asia/Jakarta days", () => {
  it("puts an instant on its WIB day, not its UTC day", () => {
    expect(jakartaDay(NOW)).toBe("2026-11-25");
    expect(jakartaDay(Date.parse("2026-11-24T16:59:59Z"))).toBe("2026-11-24");
    expect(jakartaDay(Date.parse("2026-11-24T17:00:00Z"))).toBe("2026-11-25");
  });

  it("walks days across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(daysBetween("2026-02-27", "2026-03-02")).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });

  it("covers a range from its first WIB midnight to the midnight after its last day", () => {
    const r = instantsOf("2026-11-01", "2026-11-07");
    expect(r.start.toISOString()).toBe("2026-10-31T17:00:00.000Z");
    expect(r.end.toISOString()).toBe("2026-11-07T17:00:00.000Z");
  });

  it("zero-fills every day of the range", () => {
    const days = zeroFill("2026-11-01", "2026-11-03", {
      generations: new Map([["2026-11-02", 4]]),
      uploads: new Map([
        ["2026-11-01", 1],
        ["2026-10-31", 9], // outside the range: not listed
      ]),
      newUsers: new Map(),
    });
    expect(days).toEqual([
      { date: "2026-11-01", generations: 0, uploads: 1, newUsers: 0 },
      { date: "2026-11-02", generations: 4, uploads: 0, newUsers: 0 },
      { date: "2026-11-03", generations: 0, uploads: 0, newUsers: 0 },
    ]);
  });
});
