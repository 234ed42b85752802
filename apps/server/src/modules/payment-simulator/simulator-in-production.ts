import type { AppContext } from "../../context";

/**
 * At start, in production: the operator's `payment_simulator_in_production` setting lets the
 * payment simulator, which hands out credits for free, take payments. It is said once at warn so
 * that nobody runs a demo setting in production unawares (the admin Security page shows it too).
 */
export async function warnOfSimulatorInProduction(ctx: AppContext): Promise<void> {
  if (ctx.env.NODE_ENV !== "production") return;
  if ((await ctx.services.settings.get("payment_simulator_in_production")) !== "true") return;
  const selling = Boolean(await ctx.services.gateways.byKind("simulator"));
  ctx.log.warn(
    { setting: "payment_simulator_in_production", selling },
    selling
      ? "the payment simulator takes payments in production: anyone can get credits for free"
      : "payment_simulator_in_production is on (Midtrans keys are set, so the simulator stays off)",
  );
}
