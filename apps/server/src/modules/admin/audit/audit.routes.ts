import { auditContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { contractRoutes } from "../../../middleware/auth-guards";

/** /api/admin/audit: admins only (the contract's `admin` access is checked on every request). */
export function adminAuditRoutes(ctx: AppContext) {
  const audit = ctx.services.admin.audit;
  return contractRoutes(ctx).on(auditContract.list, async (_c, { query }) => ({
    status: 200,
    body: await audit.list(query),
  })).hono;
}
