import { defineModule } from "../module";
import { docsRoutes } from "./docs.routes";

/** /api/openapi.json (docs.routes.ts). */
export const docsModule = defineModule({
  name: "docs",
  routes: (ctx) => [docsRoutes(ctx)],
});
