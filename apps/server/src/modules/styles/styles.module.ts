import { stylePreviewsJob } from "../../jobs/style-previews.job";
import { defineModule } from "../module";
import { createPreviewRenderer, createStylePreviewsWorker } from "./style-previews.worker";
import { styleRoutes } from "./styles.routes";

/** The public catalogue (styles.routes.ts) and the drawing of a style's preview pictures. */
export const stylesModule = defineModule({
  name: "styles",
  routes: (ctx) => [styleRoutes(ctx)],
  jobs: ({ services, storage, log }, queue) =>
    queue.register(
      stylePreviewsJob(
        createStylePreviewsWorker(
          services.stylesRepo,
          createPreviewRenderer(storage, services.styles),
          log,
        ),
      ),
    ),
});
