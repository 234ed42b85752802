import { describe, expect, it } from "vitest";
import { fakeStats } from "../../../../test/fakes";
import { daysBetween, instantsOf } from "../stats.rules";
import { createAdminDashboardService } from "./dashboard.service";

/** The Dashboard against in-memory fakes; ../stats.int.test.ts runs the SQL. */

const NOW = Date.parse("2026-11-24T18:30:00Z"); // 01:30 WIB on 25 November

const statsFake = () => fakeStats(NOW);

/** Deps of a service over empty fakes, with a healthy server. */
function depsOf() {
  return {
    stats: statsFake().stats,
    repo: {
      recentResults: () => Promise.resolve([]),
      // Rp 100.000 a day, paid since the day asked for (today counts as one).
      netRevenueSince: (since: Date) =>
        Promise.resolve(Math.ceil((NOW - since.getTime()) / 86_400_000) * 100_000),
    },
    health: () => Promise.resolve({ status: "healthy" }),
    now: () => NOW,
  };
}

describe("the dashboard", () => {
  it("shows the last 7 WIB days, ranked top styles and the health verdict", async () => {
    const { stats, ranges } = statsFake();
    const service = createAdminDashboardService({ ...depsOf(), stats });
    const d = await service.dashboard();
    expect(d.days.map((x) => x.date)).toEqual(daysBetween("2026-11-19", "2026-11-25"));
    expect(d.days.at(-1)).toMatchObject({ generations: 2 });
    expect(d.days.at(-3)).toMatchObject({ uploads: 1 });
    expect(ranges[0]).toEqual(instantsOf("2026-11-19", "2026-11-25"));
    expect(ranges[1]).toBeUndefined(); // top styles: all time
    expect(d.topStyles.map((s) => [s.rank, s.nameId])).toEqual([
      [1, "Astronot"],
      [2, "Dokter"],
    ]);
    expect(d).toMatchObject({ health: "healthy", timeZone: "Asia/Jakarta" });
    expect(d.totals).toEqual({ users: 3, results: 10, activeStyles: 7, creditsUsed: 9 });
    // Today, 7 and 30 WIB days, today included (01:30 WIB: today began 1.5 hours ago).
    expect(d.revenue).toEqual({
      todayIdr: 100_000,
      last7DaysIdr: 700_000,
      last30DaysIdr: 3_000_000,
    });
  });

  it("reports an error when a check fails or the health service throws", async () => {
    const degraded = createAdminDashboardService({
      ...depsOf(),
      health: () => Promise.resolve({ status: "degraded" }),
    });
    expect((await degraded.dashboard()).health).toBe("error");
    const thrown = createAdminDashboardService({
      ...depsOf(),
      health: () => Promise.reject(new Error("down")),
    });
    expect((await thrown.dashboard()).health).toBe("error");
  });
});
