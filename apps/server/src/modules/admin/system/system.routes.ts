import { adminSystemContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { contractRoutes } from "../../../middleware/auth-guards";
import { auditActorOf } from "../audit-actor";

/**
 * /api/admin/system…: admins only (the contract's `admin` access is checked on every request,
 * before anything is parsed).
 */
export function adminSystemRoutes(ctx: AppContext) {
  const system = ctx.services.admin.system;
  return contractRoutes(ctx)
    .on(adminSystemContract.status, async () => ({ status: 200, body: await system.status() }))
    .on(adminSystemContract.logs, () => ({ status: 200, body: system.logs() }))
    .on(adminSystemContract.exportLogs, (c) => {
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      c.header("Content-Type", "text/plain; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="rupa-logs-${stamp}.txt"`);
      c.header("X-Content-Type-Options", "nosniff");
      return c.body(system.exportLogs());
    })
    .on(adminSystemContract.healthCheck, async (c, { params }) => ({
      status: 200,
      body: await system.runHealthStep(params.step, c.req.raw.headers),
    }))
    .on(adminSystemContract.clearCache, async (c, { userId }) => ({
      status: 200,
      body: await system.clearCache(auditActorOf(c, userId)),
    }))
    .on(adminSystemContract.optimizeDatabase, async (c, { userId }) => ({
      status: 200,
      body: await system.optimizeDatabase(auditActorOf(c, userId)),
    })).hono;
}
