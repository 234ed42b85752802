import { describe, expect, it } from "vitest";
import { fakeStats } from "../../../../test/fakes";
import {
  analyticsQuerySchema,
  LIKENESS_QUALITY_ROWS,
  likenessQualityQuerySchema,
} from "@rupa/shared";
import { instantsOf } from "../stats.rules";
import { resolveRange } from "./analytics.rules";
import { createAdminAnalyticsService } from "./analytics.service";

/** The Analytics rules against in-memory fakes; ../stats.int.test.ts runs the SQL. */

const NOW = Date.parse("2026-11-24T18:30:00Z"); // 01:30 WIB on 25 November

describe("analytics ranges", () => {
  const parse = (q: Record<string, string>) => analyticsQuerySchema.safeParse(q);

  it("defaults to the last 7 days, today included", () => {
    expect(resolveRange(parse({}).data!, NOW)).toEqual({ from: "2026-11-19", to: "2026-11-25" });
    expect(resolveRange(parse({ days: "30" }).data!, NOW)).toEqual({
      from: "2026-10-27",
      to: "2026-11-25",
    });
    expect(resolveRange(parse({ to: "2026-11-10" }).data!, NOW)).toEqual({
      from: "2026-11-04",
      to: "2026-11-10",
    });
    expect(resolveRange(parse({ from: "2026-11-20" }).data!, NOW)).toEqual({
      from: "2026-11-20",
      to: "2026-11-25",
    });
  });

  it("accepts up to 90 days and refuses reversed, longer or odd ranges", () => {
    expect(parse({ from: "2026-01-01", to: "2026-03-31" }).success).toBe(true); // 90 days
    expect(parse({ from: "2026-01-01", to: "2026-04-01" }).success).toBe(false); // 91
    expect(parse({ from: "2026-11-02", to: "2026-11-01" }).success).toBe(false);
    expect(parse({ from: "2026-11-31" }).success).toBe(false);
    expect(parse({ days: "91" }).success).toBe(false);
    expect(parse({ days: "7", to: "2026-11-01" }).success).toBe(false);
  });
});

const statsFake = () => fakeStats(NOW);

describe("analytics", () => {
  it("answers the requested days with range sums", async () => {
    const { stats, ranges, likeness } = statsFake();
    const service = createAdminAnalyticsService({ stats, likeness, now: () => NOW });
    const a = await service.analytics({ days: 30 });
    expect(a.days).toHaveLength(30);
    expect(a).toMatchObject({ from: "2026-10-27", to: "2026-11-25" });
    expect(a.rangeTotals).toEqual({ generations: 2, uploads: 1, newUsers: 0 });
    expect(a.totals).toEqual({ users: 3, generations: 10, uploads: 4, activeStyles: 7 });
    expect(ranges[1]).toEqual(instantsOf("2026-10-27", "2026-11-25")); // top styles in range
  });

  it("gives Garansi Mirip's figures over the same range, per model or per style", async () => {
    const { stats, ranges, likeness, limits } = statsFake();
    const service = createAdminAnalyticsService({ stats, likeness, now: () => NOW });
    const byModel = await service.likenessQuality(likenessQualityQuerySchema.parse({ days: "30" }));
    expect(byModel).toMatchObject({ from: "2026-10-27", to: "2026-11-25", by: "model" });
    expect(ranges).toEqual([
      instantsOf("2026-10-27", "2026-11-25"),
      instantsOf("2026-10-27", "2026-11-25"),
    ]);
    expect(limits).toEqual([LIKENESS_QUALITY_ROWS]);
    expect(byModel.total).toEqual({ checked: 4, medianScore: 77.5, redoRate: 50, refundRate: 25 });
    expect(byModel.rows).toEqual([
      {
        id: "openai/gpt-image-1",
        provider: "openai",
        modelName: "gpt-image-1",
        style: null,
        checked: 3,
        medianScore: 80,
        redoRate: 33.3,
        refundRate: 0,
      },
      {
        id: "local/",
        provider: "local",
        modelName: "",
        style: null,
        checked: 1,
        medianScore: 40,
        redoRate: 100,
        refundRate: 100,
      },
    ]);

    const byStyle = await service.likenessQuality(
      likenessQualityQuerySchema.parse({ by: "style" }),
    );
    expect(byStyle).toMatchObject({ from: "2026-11-19", to: "2026-11-25", by: "style" });
    expect(byStyle.rows).toEqual([
      {
        id: "s1",
        provider: null,
        modelName: null,
        style: { name: "Astronaut", nameId: "Astronot" },
        checked: 4,
        medianScore: 77.5,
        redoRate: 50,
        refundRate: 25,
      },
    ]);
  });
});
