import type { AdminStatsRepository, Instants } from "../../src/modules/admin/stats.repository";
import { addDays, jakartaDay } from "../../src/modules/admin/stats.rules";

/**
 * The figures the admin Dashboard and Analytics share, in memory, as of `now`: two results today,
 * an upload two days ago, two top styles. `ranges` lists the instants each read was asked for.
 */
export function fakeStats(now: number) {
  const ranges: (Instants | undefined)[] = [];
  const stats: AdminStatsRepository = {
    totals: () =>
      Promise.resolve({ users: 3, results: 10, uploads: 4, activeStyles: 7, creditsUsed: 9 }),
    daily: (r) => {
      ranges.push(r);
      return Promise.resolve({
        generations: new Map([[jakartaDay(now), 2]]),
        uploads: new Map([[addDays(jakartaDay(now), -2), 1]]),
        newUsers: new Map(),
      });
    },
    topStyles: (_limit, r) => {
      ranges.push(r);
      return Promise.resolve([
        { styleId: "s1", name: "Astronaut", nameId: "Astronot", count: 5 },
        { styleId: "s2", name: "Doctor", nameId: "Dokter", count: 2 },
      ]);
    },
  };
  return { stats, ranges };
}
