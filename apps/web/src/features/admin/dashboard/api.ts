import { useQuery } from "@tanstack/react-query";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { DashboardResponse, DashboardResult, DailyCount, TopStyle } from "@rupa/shared";

/** The dashboard's figures (totals, the last 7 days, top styles, newest results, health). */
export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.section("dashboard"),
    queryFn: ({ signal }) => call(routes.adminInsightsDashboard, {}, { signal }),
  });
}
