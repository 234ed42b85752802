import { z } from "zod";
import { defineRoutes } from "./contract";

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
