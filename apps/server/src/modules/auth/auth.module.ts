import { accountMailJob } from "../../jobs/account-mail.job";
import { defineModule } from "../module";
import { authRoutes } from "./auth.routes";

/** Sign-up, sign-in and sessions (auth.routes.ts), and the account mails sent by the queue. */
export const authModule = defineModule({
  name: "auth",
  routes: (ctx) => [authRoutes(ctx)],
  jobs: (ctx, queue) => queue.register(accountMailJob(ctx.services.auth)),
});
