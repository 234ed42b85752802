import { z } from "zod";
import { defineRoutes } from "./contract";

export const referralStatsSchema = z.object({
  referralCode: z.string(),
  total: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  creditsEarned: z.number().int().nonnegative(),
  /** Completed friends toward the next reward (0..rewardEvery-1). */
  progress: z.number().int().nonnegative(),
  rewardEvery: z.number().int().positive(),
  rewardCredits: z.number().int().nonnegative(),
  /** Premium styles unlock at `rewardEvery` completed referrals (DECISIONS.md). */
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
    errors: [401],
  },
});
