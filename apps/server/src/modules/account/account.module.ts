import { defineModule } from "../module";
import { accountRoutes } from "./account.routes";

/** /api/account (account.routes.ts). */
export const accountModule = defineModule({
  name: "account",
  routes: (ctx) => [accountRoutes(ctx)],
});
