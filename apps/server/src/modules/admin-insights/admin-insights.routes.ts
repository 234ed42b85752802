import { adminInsightsContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { auditActorOf } from "../audit/audit-actor";
import { contractRoutes } from "../../middleware/auth-guards";

/**
 * /api/admin/dashboard, /api/admin/analytics, /api/admin/uploads…: admins only (the contract's
 * `admin` access is checked on every request, before the query and the id).
 */
export function adminInsightsRoutes(ctx: AppContext) {
  const insights = ctx.services.adminInsights;
  return contractRoutes(ctx)
    .on(adminInsightsContract.dashboard, async () => ({
      status: 200,
      body: await insights.dashboard(),
    }))
    .on(adminInsightsContract.analytics, async (_c, { query }) => ({
      status: 200,
      body: await insights.analytics(query),
    }))
    .on(adminInsightsContract.uploads, async (_c, { query }) => ({
      status: 200,
      body: await insights.listUploads(query),
    }))
    .on(adminInsightsContract.deleteUpload, async (c, { params }) => {
      await insights.deleteUpload(params.id, await auditActorOf(ctx, c));
      return { status: 200, body: { ok: true as const } };
    }).hono;
}
