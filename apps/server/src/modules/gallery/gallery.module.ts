import { defineModule } from "../module";
import { galleryRoutes } from "./gallery.routes";

/** /api/gallery (gallery.routes.ts). */
export const galleryModule = defineModule({
  name: "gallery",
  routes: (ctx) => [galleryRoutes(ctx)],
});
