import { toLanguage, type ReferralReward, type ReferralStats } from "@rupa/shared";
import type { Transactor, Tx } from "../../infra/db/client";
import type { MailMessage } from "../../infra/mail/mailer";
import { referralRewardMail } from "../../infra/mail/templates";
import type { Logger } from "../../lib/logger";
import type { AccountRepository } from "../account/account.repository";
import type { AuditActor, AuditRepository } from "../audit/audit.repository";
import type { CreditsService } from "../credits/credits.service";
import type { SettingsRepository } from "../settings/settings.repository";
import type { ReferralsRepository } from "./referrals.repository";

/** The friends the card lists, newest first (the counts cover every friend). */
const FRIENDS_SHOWN = 20;

/** How long a paid reward is offered to the referrer's app as news (`recentRewards`). */
const REWARD_NEWS_DAYS = 7;

/**
 * How a friend is named on the referrer's card: the first name and the initial of the last
 * ("Gina R."), never the e-mail. A friend without a name is "?" (the web says "a friend").
 */
export function friendName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "";
  const first = words[0]!.slice(0, 40);
  const last = words.length > 1 ? ` ${[...words[words.length - 1]!][0]!.toUpperCase()}.` : "";
  return `${first}${last}`;
}

/**
 * The referral rule (docs/product/referrals.md): a referred friend's first avatar (e-mail
 * confirmed, a result of their own) completes the referral, which counts toward the referrer's
 * premium unlock (`referral_reward_every` completed friends) and pays nothing; credits are paid
 * at the friend's first purchase, in the payments service's grant transaction
 * (`rewardFirstPurchase`), and by the admin's Process Rewards (`payDueRewards`). A referral
 * completes at confirmation (auth service) or after a successful generation (`onFirstAvatar`),
 * through `ReferralsRepository.completeIfDue`, idempotent and safe to call twice at once.
 */
export function createReferralsService(d: {
  db: Transactor;
  referrals: ReferralsRepository;
  accounts: AccountRepository;
  settings: SettingsRepository;
  credits: Pick<CreditsService, "grant">;
  audit: Pick<AuditRepository, "write">;
  /** The referrer's notice of a reward (after the commit, best effort). */
  send: (mail: MailMessage) => Promise<void>;
  log: Pick<Logger, "warn">;
  /** Mails are sent without a request: their links use PUBLIC_URL (ADR 035). */
  publicUrl: string;
}) {
  /**
   * Tells a referrer by e-mail that `credits` credits of referral rewards landed, in their
   * language. The in-app notice is `recentRewards`, read with the account (GET /api/account/me).
   * Best effort: the credits are already there.
   */
  async function mailReward(referrerId: string, credits: number): Promise<void> {
    try {
      const user = await d.accounts.findById(referrerId);
      if (!user) return;
      await d.send(
        referralRewardMail(
          toLanguage(user.preferredLanguage),
          user.email,
          credits,
          `${d.publicUrl}/#referral`,
        ),
      );
    } catch (err) {
      d.log.warn({ err, referrerId }, "the referral reward notice could not be sent");
    }
  }

  /**
   * Pays one referral in `tx`, whose caller locked the referrer's row: claims it, then grants
   * the reward as a ledger lot that says why. The lot's id, or null when it was paid already.
   */
  async function payOne(
    tx: Tx,
    r: { id: string; referrerId: string },
    reward: number,
  ): Promise<string | null> {
    if (!(await d.referrals.claimReward(tx, r.id, reward))) return null;
    const lot = await d.credits.grant(
      r.referrerId,
      {
        source: "referral_reward",
        amount: reward,
        watermarked: false,
        description: "Referral reward: a friend's first purchase",
      },
      tx,
    );
    await d.referrals.setRewardLot(tx, r.id, lot?.lotId ?? null);
    return lot?.lotId ?? "";
  }

  return {
    /**
     * The friend's paid order was just granted, in the caller's transaction (the payments
     * service's grant): pays the friend's referrer `reward` credits, once per referral. The
     * referrer's row is locked first (as Process Rewards locks it), then the referral is
     * claimed, so a second purchase, a repeated or a concurrent notification pays nothing more.
     * False when there was nothing to pay.
     */
    async rewardFirstPurchase(tx: Tx, referredId: string, reward: number): Promise<boolean> {
      const due = await d.referrals.unpaidOf(tx, referredId);
      if (!due) return false;
      await d.referrals.lockReferrer(tx, due.referrerId);
      return (await payOne(tx, due, reward)) !== null;
    },

    /**
     * Process Rewards for one referrer: pays every referral whose friend has a paid purchase
     * and whose reward was not paid (rewards were paused at 0 then, or the purchase came before
     * this rule), in one transaction with the referrer's row locked, so two presses at once pay
     * each once; each reward's audit row is written in it too.
     */
    async payDueRewards(referrerId: string, reward: number, actor: AuditActor): Promise<number> {
      const count = await d.db.transaction(async (tx) => {
        await d.referrals.lockReferrer(tx, referrerId);
        let paid = 0;
        for (const r of await d.referrals.dueUnpaidOf(tx, referrerId)) {
          const lotId = await payOne(tx, r, reward);
          if (lotId === null) continue;
          await d.audit.write(tx, {
            actor,
            action: "referral.reward_paid",
            entityType: "referral",
            entityId: r.id,
            before: { status: r.status },
            after: { status: "credited", referrerId, referralIds: [r.id], credits: reward, lotId },
          });
          paid += 1;
        }
        return paid;
      });
      if (count > 0 && reward > 0) await mailReward(referrerId, count * reward);
      return count;
    },

    /**
     * After a purchase's transaction paid the buyer's referrer `credits` credits
     * (`rewardFirstPurchase` was true): the referrer's e-mail notice.
     */
    async rewardPaid(referredId: string, credits: number): Promise<void> {
      const referrerId = await d.referrals.referrerOf(referredId);
      if (referrerId) await mailReward(referrerId, credits);
    },

    /**
     * The referral rewards paid to `userId` in the last days, newest first: the app announces
     * the ones it has not announced yet (docs/product/referrals.md).
     */
    async recentRewards(userId: string): Promise<ReferralReward[]> {
      const rows = await d.referrals.rewardsSince(userId, REWARD_NEWS_DAYS);
      return rows.map((r) => ({ paidAt: r.paidAt.toISOString(), credits: r.credits }));
    },

    /**
     * After a generation of the user succeeded (once its transaction has committed): completes
     * their referral if their e-mail is confirmed and it is not completed yet. Cheap when not due.
     */
    async onFirstAvatar(userId: string): Promise<void> {
      await d.referrals.completeIfDue(userId);
    },

    async statsFor(userId: string): Promise<ReferralStats> {
      const [stats, user, s, friends] = await Promise.all([
        d.referrals.stats(userId),
        d.accounts.findById(userId),
        d.settings.getMany(["referral_reward_every", "referral_reward_credits"]),
        d.referrals.friendsOf(userId, FRIENDS_SHOWN),
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
        friends: friends.map((f) => ({
          name: friendName(f.fullName),
          joinedAt: f.joinedAt.toISOString(),
          confirmed: f.confirmed,
          firstAvatar: f.firstAvatar,
          firstPurchase: f.firstPurchase,
          creditsAwarded: f.creditsAwarded,
        })),
      };
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
