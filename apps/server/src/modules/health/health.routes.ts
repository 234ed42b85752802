import { Hono } from "hono";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { createHealthService } from "./health.service";

/** GET /api/health: liveness for everyone, every component's details for admins. */
export function healthRoutes(ctx: AppContext) {
  const health = createHealthService(ctx);
  return new Hono<AppEnv>().get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    const actor = await ctx.resolveActor(c);
    const report = actor.isAdmin ? await health.detail() : await health.liveness();
    return c.json(report, report.status === "healthy" ? 200 : 503);
  });
}
