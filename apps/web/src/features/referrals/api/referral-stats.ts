import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReferralStats } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type { ReferralStats } from "@rupa/shared";

export const referralStatsQueryOptions = queryOptions({
  queryKey: queryKeys.referralStats,
  queryFn: ({ signal }) => call(routes.referralsMine, {}, { signal }),
  staleTime: 60_000,
});

/** The signed-in user's referral progress; pass `enabled: false` for visitors. */
export function useReferralStats(enabled = true) {
  return useQuery({ ...referralStatsQueryOptions, enabled });
}

/** The link a friend opens: the site with `?ref=<code>` (captured for the session on arrival). */
export function referralLink(origin: string, code: string): string {
  return `${origin}/?ref=${encodeURIComponent(code)}`;
}

/** Friends still needed (a first avatar each) for the premium unlock. */
export function friendsToGo(stats: Pick<ReferralStats, "progress" | "rewardEvery">): number {
  return Math.max(0, stats.rewardEvery - Math.min(stats.progress, stats.rewardEvery));
}
