import type { ReferralStats } from "@rupa/shared";
import type { AccountRepository } from "../account/account.repository";
import type { SettingsRepository } from "../settings/settings.repository";
import type { ReferralsRepository } from "./referrals.repository";

export function createReferralsService(d: {
  referrals: ReferralsRepository;
  accounts: AccountRepository;
  settings: SettingsRepository;
}) {
  return {
    async statsFor(userId: string): Promise<ReferralStats> {
      const [stats, user, s] = await Promise.all([
        d.referrals.stats(userId),
        d.accounts.findById(userId),
        d.settings.getMany(["referral_reward_every", "referral_reward_credits"]),
      ]);
      const every = Number(s.referral_reward_every);
      return {
        referralCode: user?.referralCode ?? "",
        total: stats.total,
        pending: stats.pending,
        completed: stats.completed,
        creditsEarned: stats.earned,
        progress: stats.completed % every,
        rewardEvery: every,
        rewardCredits: Number(s.referral_reward_credits),
        premiumUnlocked: stats.completed >= every,
      };
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
