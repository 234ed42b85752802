import { defineModule } from "../module";
import { metricsRoutes } from "./metrics.routes";

/** GET /metrics for Prometheus, only where METRICS_TOKEN is set (docs/production.md, Metrics). */
export const metricsModule = defineModule({
  name: "metrics",
  pages: (ctx) =>
    ctx.env.METRICS_TOKEN
      ? [{ path: "/metrics", routes: metricsRoutes(ctx, ctx.env.METRICS_TOKEN) }]
      : [],
});
