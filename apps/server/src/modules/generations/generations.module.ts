import { generateAvatarJob, generationSweeperJob } from "../../jobs/generate-avatar.job";
import { defineModule } from "../module";
import { generationRoutes } from "./generations.routes";

/** Avatar generation (generations.routes.ts), its queue worker and its sweeper. */
export const generationsModule = defineModule({
  name: "generations",
  routes: (ctx) => [generationRoutes(ctx)],
  jobs: ({ services, env }, queue) => {
    queue.register(
      generateAvatarJob(
        services.generateWorker,
        env.WORKER_CONCURRENCY,
        env.GENERATION_TIMEOUT_SECONDS,
      ),
    );
    queue.register(generationSweeperJob(services.generateWorker));
  },
});
