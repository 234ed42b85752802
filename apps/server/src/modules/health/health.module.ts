import { defineModule } from "../module";
import { healthRoutes } from "./health.routes";

/** /api/health (health.routes.ts). */
export const healthModule = defineModule({
  name: "health",
  routes: (ctx) => [healthRoutes(ctx)],
});
