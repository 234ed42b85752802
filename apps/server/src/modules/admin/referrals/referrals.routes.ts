import { adminReferralsContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { requestMeta } from "../../../lib/request-meta";
import { contractRoutes } from "../../../middleware/auth-guards";

/** /api/admin/referrals…: the Referrals section (adminReferralsContract); admins only. */
export function adminReferralsRoutes(ctx: AppContext) {
  const referrals = ctx.services.admin.referrals;
  return contractRoutes(ctx)
    .on(adminReferralsContract.list, async (_c, { query }) => ({
      status: 200,
      body: await referrals.list(query),
    }))
    .on(adminReferralsContract.stats, async () => ({
      status: 200,
      body: await referrals.stats(),
    }))
    .on(adminReferralsContract.processRewards, async (c, { actor }) => ({
      status: 200,
      body: await referrals.processRewards(actor, requestMeta(c)),
    }))
    .on(adminReferralsContract.manualReward, async (c, { body, actor }) => ({
      status: 200,
      body: await referrals.manualReward(actor, body, requestMeta(c)),
    })).hono;
}
