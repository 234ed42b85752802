import { defineModule } from "../module";
import { fileRoutes } from "./files.routes";

/** /api/files (files.routes.ts). */
export const filesModule = defineModule({
  name: "files",
  routes: (ctx) => [fileRoutes(ctx)],
});
