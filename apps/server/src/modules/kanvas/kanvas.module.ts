import { generateKanvasJob, kanvasSweeperJob } from "../../jobs/generate-avatar.job";
import { defineModule } from "../module";
import { kanvasRoutes } from "./kanvas.routes";

/** Kanvas runs (kanvas.routes.ts), their queue worker and their sweeper. */
export const kanvasModule = defineModule({
  name: "kanvas",
  routes: (ctx) => [kanvasRoutes(ctx)],
  jobs: ({ services, env }, queue) => {
    queue.register(
      generateKanvasJob(
        services.kanvasWorker,
        env.WORKER_CONCURRENCY,
        env.GENERATION_TIMEOUT_SECONDS,
      ),
    );
    queue.register(kanvasSweeperJob(services.kanvasWorker));
  },
});
