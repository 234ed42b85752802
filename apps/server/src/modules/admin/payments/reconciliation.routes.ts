import { adminReconciliationContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { contractRoutes } from "../../../middleware/auth-guards";

/** GET /api/admin/payments/reconciliation: the last 30 days of money against credits. */
export function adminReconciliationRoutes(ctx: AppContext) {
  const reconciliation = ctx.services.admin.reconciliation;
  return contractRoutes(ctx).on(adminReconciliationContract.get, async () => ({
    status: 200,
    body: await reconciliation.last30(),
  })).hono;
}
