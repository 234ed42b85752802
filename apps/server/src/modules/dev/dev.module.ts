import { defineModule } from "../module";
import { devFixturesRoutes } from "./dev-fixtures.routes";
import { devMailboxRoutes } from "./dev-mailbox.routes";

/** The outbox page outside production, and the journeys' fixtures in tests only. */
export const devModule = defineModule({
  name: "dev",
  pages: (ctx) => [
    ...(ctx.env.NODE_ENV !== "production"
      ? [{ path: "/dev/mailbox", routes: devMailboxRoutes(ctx) }]
      : []),
    ...(ctx.env.NODE_ENV === "test"
      ? [{ path: "/dev/fixtures", routes: devFixturesRoutes(ctx) }]
      : []),
  ],
});
