import { auditContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";

/** /api/admin/audit: admins only (the contract's `admin` access is checked on every request). */
export function auditRoutes(ctx: AppContext) {
  return contractRoutes(ctx).on(auditContract.list, async (_c, { query }) => {
    const page = await ctx.services.audit.list(query);
    return { status: 200, body: { ...page, page: query.page, pageSize: query.pageSize } };
  }).hono;
}
