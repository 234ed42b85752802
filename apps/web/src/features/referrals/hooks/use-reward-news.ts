import { useEffect } from "react";
import type { MeResponse } from "@rupa/shared";
import { formatNumber } from "@/lib/format";
import { useI18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { takeRewardNews } from "@/lib/referral-rewards";

/**
 * The in-app notice of a referral reward (docs/product/referrals.md): the account's answer
 * (GET /api/account/me, read again when the app regains focus and after every purchase or
 * generation) carries the rewards paid in the last days, and the ones this device has not
 * announced yet are announced once, on whatever page the member is; the referral card is read
 * again with them. `data` is the account's answer (the app layout passes it in).
 */
export function useRewardNews(data: MeResponse | undefined): void {
  const { t, lang } = useI18n();
  const userId = data?.user?.id;
  const rewards = data?.referralRewards;

  useEffect(() => {
    if (!userId || !rewards?.length) return;
    const news = takeRewardNews(userId, rewards);
    if (news.count === 0) return;
    toast.success(t("referral.rewardTitle"), {
      description: t("referral.rewardBody", { credits: formatNumber(news.credits, lang) }),
    });
    void queryClient.invalidateQueries({ queryKey: queryKeys.referralStats });
  }, [userId, rewards, t, lang]);
}
