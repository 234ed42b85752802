import { healthContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";

/**
 * GET /api/health: liveness for everyone, every component's details for admins (kept as it was
 * for existing callers). For a load balancer: /api/health/live (the process answers; it stays
 * 200 while a shutdown finishes its work) and /api/health/ready (503 once shutting down, or
 * when the database, storage or queue does not answer).
 */
export function healthRoutes(ctx: AppContext) {
  const health = ctx.services.health;
  return contractRoutes(ctx)
    .on(healthContract.health, async (c) => {
      c.header("Cache-Control", "no-store");
      const report = (await ctx.resolveActor(c)).isAdmin
        ? await health.detail()
        : await health.liveness();
      return report.status === "healthy"
        ? { status: 200, body: report }
        : { status: 503, body: report };
    })
    .on(healthContract.live, (c) => {
      c.header("Cache-Control", "no-store");
      return { status: 200, body: { status: "alive" as const } };
    })
    .on(healthContract.ready, async (c) => {
      c.header("Cache-Control", "no-store");
      const report = await health.readiness();
      return report.status === "ready"
        ? { status: 200, body: report }
        : { status: 503, body: report };
    }).hono;
}
