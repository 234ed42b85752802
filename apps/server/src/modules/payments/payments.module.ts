import { paymentsSweeperJob } from "../../jobs/payments-sweeper.job";
import { defineModule } from "../module";
import { paymentRoutes } from "./payments.routes";

/** Credit purchases (payments.routes.ts) and the sweeper of payments left pending. */
export const paymentsModule = defineModule({
  name: "payments",
  routes: (ctx) => [paymentRoutes(ctx)],
  jobs: (ctx, queue) => queue.register(paymentsSweeperJob(ctx.services.payments, ctx.log)),
});
