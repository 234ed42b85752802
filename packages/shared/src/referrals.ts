import { z } from "zod";
import { defineRoutes } from "./contract";

/**
 * One invited friend on the referrer's card, with the steps they took
 * (docs/product/referrals.md): named by first name and last initial, never by e-mail.
 */
export const referralFriendSchema = z.object({
  name: z.string(),
  joinedAt: z.string(),
  /** Confirmed their e-mail (the first avatar counts only then). */
  confirmed: z.boolean(),
  /** Made their first avatar: counts toward the premium unlock. */
  firstAvatar: z.boolean(),
  /** Made a paid purchase. */
  firstPurchase: z.boolean(),
  /** Credits their first purchase paid the referrer (0 until it did). */
  creditsAwarded: z.number().int().nonnegative(),
});
export type ReferralFriend = z.infer<typeof referralFriendSchema>;

/** A referral reward paid to the member: what the app announces once (GET /api/account/me). */
export const referralRewardSchema = z.object({
  paidAt: z.string(),
  credits: z.number().int().positive(),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;

export const referralStatsSchema = z.object({
  referralCode: z.string(),
  total: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  /** Friends who made their first avatar (what the premium unlock counts). */
  completed: z.number().int().nonnegative(),
  /** Credits the friends' first purchases paid. */
  creditsEarned: z.number().int().nonnegative(),
  /** Completed friends toward the premium unlock (0..rewardEvery). */
  progress: z.number().int().nonnegative(),
  /** Friends with a first avatar that unlock the premium styles. */
  rewardEvery: z.number().int().positive(),
  /** Credits each friend's first purchase pays. */
  rewardCredits: z.number().int().nonnegative(),
  /** Premium styles unlock at `rewardEvery` completed referrals (docs/product/referrals.md). */
  premiumUnlocked: z.boolean(),
  /** The newest friends (at most 20) and what each still needs. */
  friends: z.array(referralFriendSchema),
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;

export const referralsContract = defineRoutes({
  mine: {
    method: "GET",
    path: "/api/referrals/me",
    summary: "The signed-in user's referral progress",
    access: "member",
    responses: { 200: referralStatsSchema },
  },
});
