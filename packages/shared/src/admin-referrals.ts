import { z } from "zod";
import { ADMIN_CREDITS_ADD_MAX } from "./admin";
import { adminPageSchema, adminTableQuery } from "./admin-tables";
import { defineRoutes } from "./contract";

/**
 * The admin Referrals section (docs/product/admin.md, "referrals", also shown under "content"):
 * four figures, the activity table (paged, sorted and filtered on the server), Process Rewards
 * (pays every referral whose friend made a paid purchase and whose reward is unpaid, once however
 * often it is pressed) and the Manual Reward dialog (a manual_reward ledger lot for a user found by
 * e-mail). The rule: docs/product/referrals.md.
 */

export const REFERRAL_STATUSES = ["pending", "completed", "credited"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

const party = z.object({ id: z.string(), email: z.string().nullable() });

export const adminReferralSchema = z.object({
  id: z.string(),
  referrer: party,
  referred: party,
  status: z.enum(REFERRAL_STATUSES),
  /**
   * Credits the friend's first purchase paid the referrer (referrals paid under the earlier
   * every-3-avatars rule: the group's last holds the reward, the others 0).
   */
  creditsAwarded: z.number().int().nonnegative(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  creditedAt: z.string().nullable(),
});
export type AdminReferral = z.infer<typeof adminReferralSchema>;

export const ADMIN_REFERRAL_SORTABLE = [
  "createdAt",
  "completedAt",
  "status",
  "creditsAwarded",
] as const;

/** GET /api/admin/referrals: newest first; `q` matches the referrer's or the friend's e-mail. */
export const adminReferralsQuerySchema = adminTableQuery({
  sortable: ADMIN_REFERRAL_SORTABLE,
  defaultSort: "createdAt.desc",
  filters: { status: z.enum(REFERRAL_STATUSES).optional() },
});
export type AdminReferralsQuery = z.output<typeof adminReferralsQuerySchema>;

export const adminReferralsPageSchema = adminPageSchema(adminReferralSchema);
export type AdminReferralsPage = z.infer<typeof adminReferralsPageSchema>;

/** The four figures (docs/product/admin.md), over every referral. */
export const adminReferralStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  /** Friends who made their first avatar, paid or not. */
  completed: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  creditsAwarded: z.number().int().nonnegative(),
  /** A friend's paid purchase whose reward is not paid yet (what Process Rewards pays). */
  unpaid: z.number().int().nonnegative(),
  rewardEvery: z.number().int().positive(),
  rewardCredits: z.number().int().nonnegative(),
});
export type AdminReferralStats = z.infer<typeof adminReferralStatsSchema>;

export const processRewardsResponseSchema = z.object({
  /** Rewards paid (one per referral whose friend made a paid purchase). */
  processed: z.number().int().nonnegative(),
  /** Referrers who got at least one. */
  referrers: z.number().int().nonnegative(),
  credits: z.number().int().nonnegative(),
});
export type ProcessRewardsResponse = z.infer<typeof processRewardsResponseSchema>;

/** What the Manual Reward dialog proposes. */
export const MANUAL_REWARD_DEFAULT = 5;

/** POST /api/admin/referrals/manual-reward: a user by e-mail and a whole number of credits. */
export const manualRewardRequestSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  amount: z.number().int().min(1).max(ADMIN_CREDITS_ADD_MAX),
  reason: z.string().trim().min(3).max(200).optional(),
});
export type ManualRewardRequest = z.input<typeof manualRewardRequestSchema>;

export const manualRewardResponseSchema = z.object({
  userId: z.string(),
  email: z.string(),
  balance: z.number().int().nonnegative(),
  granted: z.number().int().positive(),
});
export type ManualRewardResponse = z.infer<typeof manualRewardResponseSchema>;

export const adminReferralsContract = defineRoutes({
  list: {
    method: "GET",
    path: "/api/admin/referrals",
    summary: "Referral activity, paged, sorted, searched by e-mail and filtered by status",
    access: "admin",
    query: adminReferralsQuerySchema,
    responses: { 200: adminReferralsPageSchema },
  },
  stats: {
    method: "GET",
    path: "/api/admin/referrals/stats",
    summary: "Totals over every referral: all, completed, pending, credits awarded, unpaid",
    access: "admin",
    responses: { 200: adminReferralStatsSchema },
  },
  processRewards: {
    method: "POST",
    path: "/api/admin/referrals/process-rewards",
    summary:
      "Pay every referral whose friend made a paid purchase and whose reward is unpaid (once, however often it is called)",
    access: "admin",
    responses: { 200: processRewardsResponseSchema },
  },
  manualReward: {
    method: "POST",
    path: "/api/admin/referrals/manual-reward",
    summary: "Grant a user (by e-mail) credits as a manual_reward ledger lot",
    access: "admin",
    body: manualRewardRequestSchema,
    responses: { 200: manualRewardResponseSchema },
    errors: [404],
  },
});
