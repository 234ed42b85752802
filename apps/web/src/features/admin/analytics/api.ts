import { keepPreviousData, useQuery } from "@tanstack/react-query";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { AnalyticsResponse } from "@rupa/shared";

/** Analytics for the last `days` days (today included, Jakarta days); the old range stays while the next loads. */
export function useAnalytics(days: number) {
  return useQuery({
    queryKey: [...adminKeys.section("analytics"), days] as const,
    queryFn: ({ signal }) => call(routes.adminInsightsAnalytics, { query: { days } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
