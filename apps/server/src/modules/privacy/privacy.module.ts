import { defineModule } from "../module";
import { privacyRoutes } from "./privacy.routes";

/**
 * Personal data under UU PDP (docs/product/privacy.md, ADR 044): consent before the first photo,
 * its withdrawal, the member's retention choice and the processing log. The clean-up of source
 * photos is the uploads module's step.
 */
export const privacyModule = defineModule({
  name: "privacy",
  routes: (ctx) => [privacyRoutes(ctx)],
});
