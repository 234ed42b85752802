import { defineModule } from "../module";
import { referralRoutes } from "./referrals.routes";

/** /api/referrals (referrals.routes.ts). */
export const referralsModule = defineModule({
  name: "referrals",
  routes: (ctx) => [referralRoutes(ctx)],
});
