import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminReferralsQuery, ManualRewardRequest } from "@rupa/shared";
import * as routes from "@rupa/shared/route-table";
import { call } from "@/lib/api-client";
import { adminKeys } from "../lib/query-keys";

export type { AdminReferral, AdminReferralsQuery, AdminReferralStats } from "@rupa/shared";

const section = adminKeys.section("referrals");

/** One page of referral activity for the URL's query; the previous page stays while the next loads. */
export function useReferralsPage(query: AdminReferralsQuery) {
  return useQuery({
    queryKey: adminKeys.list("referrals", query),
    queryFn: ({ signal }) => call(routes.adminReferralsList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The four figures (and what is still unpaid). */
export function useReferralStats() {
  return useQuery({
    queryKey: [...section, "stats"],
    queryFn: ({ signal }) => call(routes.adminReferralsStats, {}, { signal }),
  });
}

/** After a reward: the referrals, the users (balances) and the audit trail are fetched again. */
function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: section }),
      qc.invalidateQueries({ queryKey: adminKeys.section("users") }),
      qc.invalidateQueries({ queryKey: adminKeys.section("audit") }),
    ]);
}

export function useProcessRewards() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => call(routes.adminReferralsProcessRewards, {}),
    onSettled: invalidate,
  });
}

export function useManualReward() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ManualRewardRequest) => call(routes.adminReferralsManualReward, { body }),
    onSettled: invalidate,
  });
}
