import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";

/** /api/admin/stats…, /api/admin/uploads…: Dashboard, Analytics, Uploads (adminInsightsContract). */
export function adminInsightsRoutes(ctx: AppContext) {
  return contractRoutes(ctx).hono;
}
