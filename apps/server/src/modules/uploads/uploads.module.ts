import { defineModule } from "../module";
import { uploadRoutes } from "./uploads.routes";

/** Photo uploads (uploads.routes.ts); the hourly clean-up deletes originals after 24 hours. */
export const uploadsModule = defineModule({
  name: "uploads",
  routes: (ctx) => [uploadRoutes(ctx)],
  cleanup: (ctx) => (now) =>
    ctx.services.uploads
      .deleteExpiredOriginals(24)
      .then((n) => ({ originalsDeleted: n, at: now.toISOString() })),
});
