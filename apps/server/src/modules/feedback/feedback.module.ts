import { defineModule } from "../module";
import { feedbackRoutes } from "./feedback.routes";

/** POST /api/feedback (feedback.routes.ts); the inbox is modules/admin/feedback. */
export const feedbackModule = defineModule({
  name: "feedback",
  routes: (ctx) => [feedbackRoutes(ctx)],
});
