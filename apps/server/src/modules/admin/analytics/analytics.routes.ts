import { adminInsightsContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { contractRoutes } from "../../../middleware/auth-guards";

/**
 * /api/admin/analytics: admins only (the contract's `admin` access is checked on every request,
 * before the query).
 */
export function adminAnalyticsRoutes(ctx: AppContext) {
  const analytics = ctx.services.admin.analytics;
  return contractRoutes(ctx)
    .on(adminInsightsContract.analytics, async (_c, { query }) => ({
      status: 200,
      body: await analytics.analytics(query),
    }))
    .on(adminInsightsContract.likenessQuality, async (_c, { query }) => ({
      status: 200,
      body: await analytics.likenessQuality(query),
    })).hono;
}
