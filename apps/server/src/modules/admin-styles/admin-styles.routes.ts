import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";

/** /api/admin/styles…: the Styles section (adminStylesContract); admins only. */
export function adminStylesRoutes(ctx: AppContext) {
  return contractRoutes(ctx).hono;
}
