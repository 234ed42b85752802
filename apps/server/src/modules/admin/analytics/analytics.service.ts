import {
  ADMIN_TIME_ZONE,
  TOP_STYLES_LIMIT,
  type AnalyticsQuery,
  type AnalyticsResponse,
} from "@rupa/shared";
import type { AdminStatsRepository } from "../stats.repository";
import { instantsOf, ranked, zeroFill } from "../stats.rules";
import { resolveRange } from "./analytics.rules";

export interface AdminAnalyticsDeps {
  stats: Pick<AdminStatsRepository, "totals" | "daily" | "topStyles">;
  now?: () => number;
}

/** The admin Analytics section: the figures of a range of Asia/Jakarta days. */
export function createAdminAnalyticsService(d: AdminAnalyticsDeps) {
  const now = d.now ?? (() => Date.now());
  return {
    async analytics(query: AnalyticsQuery): Promise<AnalyticsResponse> {
      const { from, to } = resolveRange(query, now());
      const range = instantsOf(from, to);
      const [totals, daily, top] = await Promise.all([
        d.stats.totals(),
        d.stats.daily(range),
        d.stats.topStyles(TOP_STYLES_LIMIT, range),
      ]);
      const days = zeroFill(from, to, daily);
      const sum = (k: "generations" | "uploads" | "newUsers") =>
        days.reduce((n, day) => n + day[k], 0);
      return {
        from,
        to,
        timeZone: ADMIN_TIME_ZONE,
        totals: {
          users: totals.users,
          generations: totals.results,
          uploads: totals.uploads,
          activeStyles: totals.activeStyles,
        },
        rangeTotals: {
          generations: sum("generations"),
          uploads: sum("uploads"),
          newUsers: sum("newUsers"),
        },
        days,
        topStyles: ranked(top),
      };
    },
  };
}
export type AdminAnalyticsService = ReturnType<typeof createAdminAnalyticsService>;
