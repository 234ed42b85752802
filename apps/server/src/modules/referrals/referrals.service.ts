import type { ReferralStats } from "@rupa/shared";
import type { AccountRepository } from "../account/account.repository";
import type { AuditActor } from "../audit/audit.repository";
import type { SettingsRepository } from "../settings/settings.repository";
import type { ReferralsRepository } from "./referrals.repository";

/**
 * Completes the member's referral when it is due (e-mail confirmed and a first avatar made) and
 * pays the referrer every `referral_reward_every` completed referrals. Idempotent and safe to
 * call twice at once: the completion is one conditional update and the payment locks the
 * referrer. Called at confirmation and after every successful generation, outside any open
 * transaction (it reads settings and opens its own; on PGlite a query beside an open
 * transaction waits for it).
 */
export async function completeReferralIfDue(
  d: { referrals: ReferralsRepository; settings: SettingsRepository },
  userId: string,
): Promise<void> {
  const referrerId = await d.referrals.completeIfDue(userId);
  if (!referrerId) return;
  await payReferrerRewards(d, referrerId);
}

/**
 * Pays the referrer every reward their completed, unpaid referrals are due under the current
 * settings (`referral_reward_every`, `referral_reward_credits`); returns how many were paid.
 * The one reward rule: completion pays through it, and so does the admin's Process Rewards
 * (with the admin as `actor`, which writes each reward's audit row in its transaction).
 */
export async function payReferrerRewards(
  d: {
    referrals: Pick<ReferralsRepository, "payDueRewards">;
    settings: Pick<SettingsRepository, "getInt">;
  },
  referrerId: string,
  actor?: AuditActor,
): Promise<{ paid: number; reward: number }> {
  const [every, reward] = await Promise.all([
    d.settings.getInt("referral_reward_every"),
    d.settings.getInt("referral_reward_credits"),
  ]);
  return { paid: await d.referrals.payDueRewards(referrerId, every, reward, actor), reward };
}

export function createReferralsService(d: {
  referrals: ReferralsRepository;
  accounts: AccountRepository;
  settings: SettingsRepository;
}) {
  return {
    /**
     * After a generation of the user succeeded (once its transaction has committed): completes
     * their referral if their e-mail is confirmed and it is still pending. Cheap when not due.
     */
    onFirstAvatar: (userId: string) => completeReferralIfDue(d, userId),

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
