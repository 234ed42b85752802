import {
  ADMIN_TIME_ZONE,
  LIKENESS_QUALITY_ROWS,
  TOP_STYLES_LIMIT,
  type AnalyticsQuery,
  type AnalyticsResponse,
  type LikenessQualityQuery,
  type LikenessQualityResponse,
  type LikenessQualityRow,
} from "@rupa/shared";
import type { AdminLikenessQualityRepository } from "../likeness-quality.repository";
import { likenessQuality } from "../likeness-quality.rules";
import type { AdminStatsRepository } from "../stats.repository";
import { instantsOf, ranked, zeroFill } from "../stats.rules";
import { resolveRange } from "./analytics.rules";

export interface AdminAnalyticsDeps {
  stats: Pick<AdminStatsRepository, "totals" | "daily" | "topStyles">;
  likeness: Pick<AdminLikenessQualityRepository, "total" | "byModel" | "byStyle">;
  now?: () => number;
}

/**
 * The admin Analytics section: the figures of a range of Asia/Jakarta days, and Garansi Mirip's
 * quality over the same range.
 */
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

    /**
     * Garansi Mirip over the range (ADR 038): every checked result together, and the busiest
     * LIKENESS_QUALITY_ROWS groups by provider and model, or by style.
     */
    async likenessQuality(query: LikenessQualityQuery): Promise<LikenessQualityResponse> {
      const { from, to } = resolveRange(query, now());
      const range = instantsOf(from, to);
      const [total, rows] = await Promise.all([
        d.likeness.total(range),
        query.by === "style"
          ? d.likeness.byStyle(range, LIKENESS_QUALITY_ROWS).then((groups) =>
              groups.map(
                (g): LikenessQualityRow => ({
                  id: g.styleId,
                  provider: null,
                  modelName: null,
                  style: { name: g.name, nameId: g.nameId },
                  ...likenessQuality(g),
                }),
              ),
            )
          : d.likeness.byModel(range, LIKENESS_QUALITY_ROWS).then((groups) =>
              groups.map(
                (g): LikenessQualityRow => ({
                  id: `${g.provider}/${g.modelName}`,
                  provider: g.provider as LikenessQualityRow["provider"],
                  modelName: g.modelName,
                  style: null,
                  ...likenessQuality(g),
                }),
              ),
            ),
      ]);
      return {
        from,
        to,
        timeZone: ADMIN_TIME_ZONE,
        by: query.by,
        total: likenessQuality(total),
        rows,
      };
    },
  };
}
export type AdminAnalyticsService = ReturnType<typeof createAdminAnalyticsService>;
