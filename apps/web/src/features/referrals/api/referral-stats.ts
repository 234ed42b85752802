import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReferralStats } from "@rupa/shared";
import { ApiError, apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type { ReferralStats } from "@rupa/shared";

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0;

/** Checks GET /api/referrals/me by hand (same rules as referralStatsSchema, without zod). */
export function parseReferralStats(value: unknown): ReferralStats {
  const v = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  if (
    typeof v.referralCode !== "string" ||
    !isCount(v.total) ||
    !isCount(v.pending) ||
    !isCount(v.completed) ||
    !isCount(v.creditsEarned) ||
    !isCount(v.progress) ||
    !isCount(v.rewardEvery) ||
    v.rewardEvery === 0 ||
    !isCount(v.rewardCredits) ||
    typeof v.premiumUnlocked !== "boolean"
  )
    throw new ApiError("INVALID_RESPONSE", 200, "Unexpected referral statistics");
  return {
    referralCode: v.referralCode,
    total: v.total,
    pending: v.pending,
    completed: v.completed,
    creditsEarned: v.creditsEarned,
    progress: v.progress,
    rewardEvery: v.rewardEvery,
    rewardCredits: v.rewardCredits,
    premiumUnlocked: v.premiumUnlocked,
  };
}

export const referralStatsQueryOptions = queryOptions({
  queryKey: queryKeys.referralStats,
  queryFn: async ({ signal }) =>
    parseReferralStats(await apiFetch("/api/referrals/me", { signal })),
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

/** Friends still needed for the next reward. */
export function friendsToGo(stats: Pick<ReferralStats, "progress" | "rewardEvery">): number {
  return Math.max(0, stats.rewardEvery - Math.min(stats.progress, stats.rewardEvery));
}
