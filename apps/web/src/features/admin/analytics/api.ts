import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { LikenessQualityGroup } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { AnalyticsResponse, LikenessQualityResponse, LikenessQualityRow } from "@rupa/shared";

const section = adminKeys.section("analytics");

/** Analytics for the last `days` days (today included, Jakarta days); the old range stays while the next loads. */
export function useAnalytics(days: number) {
  return useQuery({
    queryKey: [...section, days] as const,
    queryFn: ({ signal }) => call(routes.adminInsightsAnalytics, { query: { days } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Garansi Mirip's quality over the same days, per provider and model or per style. */
export function useLikenessQuality(days: number, by: LikenessQualityGroup) {
  return useQuery({
    queryKey: [...section, "likeness", days, by] as const,
    queryFn: ({ signal }) =>
      call(routes.adminInsightsLikenessQuality, { query: { days, by } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
