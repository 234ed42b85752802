import { defineModule } from "../module";
import { replicateWebhookRoutes } from "./replicate-webhook.routes";

/** /api/webhooks (replicate-webhook.routes.ts). */
export const webhooksModule = defineModule({
  name: "webhooks",
  routes: (ctx) => [replicateWebhookRoutes(ctx)],
});
