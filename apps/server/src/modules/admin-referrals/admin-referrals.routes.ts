import { adminReferralsContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { requestMeta } from "../../lib/request-meta";
import { contractRoutes } from "../../middleware/auth-guards";

/** /api/admin/referrals…: the Referrals section (adminReferralsContract); admins only. */
export function adminReferralsRoutes(ctx: AppContext) {
  const referrals = ctx.services.adminReferrals;
  return contractRoutes(ctx)
    .on(adminReferralsContract.list, async (_c, { query }) => ({
      status: 200,
      body: await referrals.list(query),
    }))
    .on(adminReferralsContract.stats, async () => ({
      status: 200,
      body: await referrals.stats(),
    }))
    .on(adminReferralsContract.processRewards, async (c) => ({
      status: 200,
      body: await referrals.processRewards(await ctx.resolveActor(c), requestMeta(c)),
    }))
    .on(adminReferralsContract.manualReward, async (c, { body }) => ({
      status: 200,
      body: await referrals.manualReward(await ctx.resolveActor(c), body, requestMeta(c)),
    })).hono;
}
