import { defineModule } from "../module";
import { customProfessionRoutes } from "./custom-profession.routes";

/** /api/custom-profession (custom-profession.routes.ts). */
export const customProfessionModule = defineModule({
  name: "custom-profession",
  routes: (ctx) => [customProfessionRoutes(ctx)],
});
