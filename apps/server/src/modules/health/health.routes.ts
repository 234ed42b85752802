import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context";
import { checkHealth } from "./health.service";

export function healthRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const report = await checkHealth(ctx);
    c.header("Cache-Control", "no-store");
    return c.json(report, report.status === "healthy" ? 200 : 503);
  });
}
