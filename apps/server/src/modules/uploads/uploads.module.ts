import { defineModule } from "../module";
import { uploadRoutes } from "./uploads.routes";

/**
 * Photo uploads (uploads.routes.ts); the hourly clean-up deletes source photos as their owner's
 * retention choice says (24 hours by default; docs/product/privacy.md).
 */
export const uploadsModule = defineModule({
  name: "uploads",
  routes: (ctx) => [uploadRoutes(ctx)],
  cleanup: (ctx) => (now) =>
    ctx.services.uploads
      .deleteDuePhotos(now)
      .then((n) => ({ originalsDeleted: n, at: now.toISOString() })),
});
