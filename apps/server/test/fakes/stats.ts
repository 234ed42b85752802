import type { AdminLikenessQualityRepository } from "../../src/modules/admin/likeness-quality.repository";
import type { AdminStatsRepository, Instants } from "../../src/modules/admin/stats.repository";
import { addDays, jakartaDay } from "../../src/modules/admin/stats.rules";

/**
 * The figures the admin Dashboard and Analytics share, in memory, as of `now`: two results today,
 * an upload two days ago, two top styles; Garansi Mirip's counts (`likeness`): four checked
 * results, two models, one style. `ranges` lists the instants each read was asked for, `limits`
 * the row limits of the likeness reads.
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
  const limits: number[] = [];
  const likeness: AdminLikenessQualityRepository = {
    total: (r) => {
      ranges.push(r);
      return Promise.resolve({ checked: 4, median: 77.5, redone: 2, refunded: 1 });
    },
    byModel: (r, limit) => {
      ranges.push(r);
      limits.push(limit);
      return Promise.resolve([
        {
          provider: "openai",
          modelName: "gpt-image-1",
          checked: 3,
          median: 80,
          redone: 1,
          refunded: 0,
        },
        { provider: "local", modelName: "", checked: 1, median: 40, redone: 1, refunded: 1 },
      ]);
    },
    byStyle: (r, limit) => {
      ranges.push(r);
      limits.push(limit);
      return Promise.resolve([
        {
          styleId: "s1",
          name: "Astronaut",
          nameId: "Astronot",
          checked: 4,
          median: 77.5,
          redone: 2,
          refunded: 1,
        },
      ]);
    },
  };
  return { stats, ranges, likeness, limits };
}
