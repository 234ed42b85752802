import { healthContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";

/** GET /api/health: liveness for everyone, every component's details for admins. */
export function healthRoutes(ctx: AppContext) {
  const health = ctx.services.health;
  return contractRoutes(ctx).on(healthContract.health, async (c) => {
    c.header("Cache-Control", "no-store");
    const actor = await ctx.resolveActor(c);
    const report = actor.isAdmin ? await health.detail() : await health.liveness();
    return report.status === "healthy"
      ? { status: 200, body: report }
      : { status: 503, body: report };
  }).hono;
}
