import type {
  AdminReferralStats,
  AdminReferralsPage,
  AdminReferralsQuery,
  ManualRewardResponse,
  ProcessRewardsResponse,
} from "@rupa/shared";
import type { Actor } from "../../../lib/actor";
import { errors } from "../../../lib/errors";
import type { RequestMeta } from "../../../lib/request-meta";
import { auditActor } from "../audit-actor";
import type { AccountRepository } from "../../account/account.repository";
import { assertAdmin, type AdminUsersService } from "../users/users.service";
import type { ReferralsRepository } from "../../referrals/referrals.repository";
import type { ReferralsService } from "../../referrals/referrals.service";
import type { SettingsRepository } from "../../settings/settings.repository";

export interface AdminReferralsDeps {
  referrals: Pick<ReferralsRepository, "adminList" | "adminTotals" | "referrersWithUnpaid">;
  /** The reward rule: Process Rewards pays through it. */
  rewards: Pick<ReferralsService, "payDueRewards">;
  settings: Pick<SettingsRepository, "getInt">;
  accounts: Pick<AccountRepository, "findByEmail">;
  /** The admin's "add credits" (a manual_reward lot, its audit row and security event). */
  admin: Pick<AdminUsersService, "changeCredits">;
}

/** The reason written on a manual reward's ledger lot when the admin gives none. */
export const MANUAL_REWARD_REASON = "Manual referral reward";

/**
 * The admin Referrals section: the activity table and its figures, Process Rewards (the reward
 * rule of the referrals module, run for every referrer with unpaid completed referrals) and the
 * manual reward (the Users section's credit grant, for a user found by e-mail).
 */
export function createAdminReferralsService(d: AdminReferralsDeps) {
  return {
    async list(query: AdminReferralsQuery): Promise<AdminReferralsPage> {
      const { rows, total } = await d.referrals.adminList(query);
      return { items: rows, total, page: query.page, pageSize: query.pageSize };
    },

    async stats(): Promise<AdminReferralStats> {
      const [totals, every, reward] = await Promise.all([
        d.referrals.adminTotals(),
        d.settings.getInt("referral_reward_every"),
        d.settings.getInt("referral_reward_credits"),
      ]);
      return {
        total: totals.total,
        completed: totals.completed,
        pending: totals.pending,
        creditsAwarded: totals.creditsAwarded,
        unpaid: totals.unpaid,
        rewardEvery: every,
        rewardCredits: reward,
      };
    },

    /**
     * Pays every referral whose friend has a paid purchase and whose reward was never paid
     * (`referral_reward_credits` each, read once: rewards were paused at 0 when the purchase
     * came, or it came before this rule), one referrer at a time, each in its own transaction
     * with the referrer locked and each reward's audit row written in it, so two presses at once
     * pay each reward once: the second finds them credited. While rewards are paused (0) it pays
     * nothing.
     */
    async processRewards(
      actor: Actor,
      meta: Pick<RequestMeta, "ip" | "userAgent">,
    ): Promise<ProcessRewardsResponse> {
      const userId = assertAdmin(actor);
      const actorRow = auditActor(meta, userId);
      let processed = 0;
      let referrers = 0;
      let credits = 0;
      const reward = await d.settings.getInt("referral_reward_credits");
      if (reward <= 0) return { processed, referrers, credits };
      for (const referrerId of await d.referrals.referrersWithUnpaid()) {
        const paid = await d.rewards.payDueRewards(referrerId, reward, actorRow);
        if (paid > 0) {
          processed += paid;
          referrers += 1;
          credits += paid * reward;
        }
      }
      return { processed, referrers, credits };
    },

    /** Grants `amount` credits to the user with this e-mail; 404 "User not found". */
    async manualReward(
      actor: Actor,
      input: { email: string; amount: number; reason?: string },
      meta: RequestMeta,
    ): Promise<ManualRewardResponse> {
      assertAdmin(actor);
      const user = await d.accounts.findByEmail(input.email);
      if (!user) throw errors.notFound("User not found");
      const res = await d.admin.changeCredits(
        actor,
        user.id,
        { mode: "add", amount: input.amount, reason: input.reason ?? MANUAL_REWARD_REASON },
        meta,
      );
      return { userId: user.id, email: user.email, balance: res.balance, granted: input.amount };
    },
  };
}
export type AdminReferralsService = ReturnType<typeof createAdminReferralsService>;
