import { defineModule } from "../module";
import { guestRoutes } from "./guests.routes";

/** /api/guest (guests.routes.ts). */
export const guestsModule = defineModule({
  name: "guests",
  routes: (ctx) => [guestRoutes(ctx)],
});
