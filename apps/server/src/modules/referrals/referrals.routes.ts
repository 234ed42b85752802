import { referralsContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";

/** GET /api/referrals/me: the signed-in user's referral progress card. */
export function referralRoutes(ctx: AppContext) {
  return contractRoutes(ctx).on(referralsContract.mine, async (c, { userId }) => {
    return { status: 200, body: await ctx.services.referrals.statsFor(userId) };
  }).hono;
}
