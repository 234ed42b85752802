import { defineModule } from "../module";
import { uploadRoutes } from "./uploads.routes";

/**
 * Photo uploads (uploads.routes.ts); the hourly clean-up deletes originals after
 * LIMITS.originalRetentionHours (24 h), the same span GET /api/uploads/latest offers a photo for.
 */
export const uploadsModule = defineModule({
  name: "uploads",
  routes: (ctx) => [uploadRoutes(ctx)],
  cleanup: (ctx) => (now) =>
    ctx.services.uploads
      .deleteExpiredOriginals()
      .then((n) => ({ originalsDeleted: n, at: now.toISOString() })),
});
