import { defineModule } from "../module";
import { simulatorRoutes } from "./simulator.routes";

/**
 * The payment simulator's pages at /pay (404 wherever it is not allowed) and its in-process
 * notifications (ADR 016).
 */
export const paymentSimulatorModule = defineModule({
  name: "payment-simulator",
  pages: (ctx) => [{ path: "/pay", routes: simulatorRoutes(ctx) }],
});
