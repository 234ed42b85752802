import type { ReferralStats } from "@rupa/shared";
import type { AccountRepository } from "../account/account.repository";
import type { SettingsRepository } from "../settings/settings.repository";
import type { ReferralsRepository } from "./referrals.repository";

/**
 * The referral rule (docs/product/referrals.md): a referred friend's first avatar (e-mail
 * confirmed, a result of their own) completes the referral, which counts toward the referrer's
 * premium unlock (`referral_reward_every` completed friends) and pays nothing; credits are paid
 * at the friend's first purchase, in the payments service's grant transaction
 * (`ReferralsRepository.rewardFirstPurchase`), and by the admin's Process Rewards. A referral
 * completes at confirmation (auth service) or after a successful generation (`onFirstAvatar`),
 * through `ReferralsRepository.completeIfDue`, idempotent and safe to call twice at once.
 */
export function createReferralsService(d: {
  referrals: ReferralsRepository;
  accounts: AccountRepository;
  settings: SettingsRepository;
}) {
  return {
    /**
     * After a generation of the user succeeded (once its transaction has committed): completes
     * their referral if their e-mail is confirmed and it is not completed yet. Cheap when not due.
     */
    async onFirstAvatar(userId: string): Promise<void> {
      await d.referrals.completeIfDue(userId);
    },

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
        progress: Math.min(stats.completed, every),
        rewardEvery: every,
        rewardCredits: Number(s.referral_reward_credits),
        premiumUnlocked: stats.completed >= every,
      };
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
