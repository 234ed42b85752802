import { adminInsightsContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { contractRoutes } from "../../../middleware/auth-guards";

/** /api/admin/dashboard: admins only (the contract's `admin` access is checked on every request). */
export function adminDashboardRoutes(ctx: AppContext) {
  const dashboard = ctx.services.admin.dashboard;
  return contractRoutes(ctx).on(adminInsightsContract.dashboard, async () => ({
    status: 200,
    body: await dashboard.dashboard(),
  })).hono;
}
