import { defineModule } from "../module";
import { pasFotoRoutes } from "./pas-foto.routes";

/** POST /api/pas-foto/check, the free SSCASN checker (pas-foto.routes.ts). */
export const pasFotoModule = defineModule({
  name: "pas-foto",
  routes: (ctx) => [pasFotoRoutes(ctx)],
});
