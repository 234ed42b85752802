import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReferralFriend, ReferralStats } from "@rupa/shared";
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

/** WhatsApp's share address with `text` (the invitation and the link) filled in. */
export function whatsAppShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

export type FriendStepKey =
  | "needsConfirm"
  | "needsAvatar"
  | "avatarDone"
  | "needsPurchase"
  | "purchaseDone"
  | "purchaseDoneNoReward";

/**
 * A friend's two steps as the card says them (docs/product/referrals.md): the first avatar
 * (which needs a confirmed e-mail first) and the first purchase, each done or still needed.
 */
export function friendSteps(f: ReferralFriend): { key: FriendStepKey; done: boolean }[] {
  return [
    f.firstAvatar
      ? { key: "avatarDone", done: true }
      : { key: f.confirmed ? "needsAvatar" : "needsConfirm", done: false },
    f.firstPurchase
      ? { key: f.creditsAwarded > 0 ? "purchaseDone" : "purchaseDoneNoReward", done: true }
      : { key: "needsPurchase", done: false },
  ];
}
