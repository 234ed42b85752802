import { adminInsightsContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { contractRoutes } from "../../../middleware/auth-guards";
import { auditActorOf } from "../audit-actor";

/**
 * /api/admin/uploads…: admins only (the contract's `admin` access is checked on every request,
 * before the query and the id).
 */
export function adminUploadsRoutes(ctx: AppContext) {
  const uploads = ctx.services.admin.uploads;
  return contractRoutes(ctx)
    .on(adminInsightsContract.uploads, async (_c, { query }) => ({
      status: 200,
      body: await uploads.listUploads(query),
    }))
    .on(adminInsightsContract.deleteUpload, async (c, { params, userId }) => {
      await uploads.deleteUpload(params.id, auditActorOf(c, userId));
      return { status: 200, body: { ok: true as const } };
    }).hono;
}
