import { paymentsContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/errors";
import { contractRoutes, requireUser } from "../../middleware/auth-guards";
import { rateLimit } from "../../middleware/rate-limit";

/**
 * Buying credits (issue 12): the plans, the member's subscription, orders and history, and the
 * Midtrans notification (POST /api/payments/midtrans/notification, the URL set in the Midtrans
 * dashboard). Credits move only in the notification's (or the sweeper's) confirmed path.
 */
export function paymentRoutes(ctx: AppContext) {
  const payments = ctx.services.payments;
  const buyLimit = rateLimit(ctx, {
    name: "payments",
    limit: 20,
    windowSeconds: 3600,
    by: (actor, ip) => ({ ip, user: actor.userId }),
  });
  return contractRoutes(ctx)
    .on(paymentsContract.plans, async () => ({ status: 200, body: await payments.plansView() }))
    .on(paymentsContract.subscription, async (c) => ({
      status: 200,
      body: await payments.subscription(await requireUser(ctx, c)),
    }))
    .on(paymentsContract.expiring, async (c) => ({
      status: 200,
      body: { lots: await payments.expiring(await requireUser(ctx, c)) },
    }))
    .on(paymentsContract.orders, async (c, { query }) => ({
      status: 200,
      body: { orders: await payments.orders(await requireUser(ctx, c), query.limit) },
    }))
    .on(paymentsContract.create, buyLimit, async (c, { body }) => ({
      status: 200,
      body: await payments.create(await requireUser(ctx, c), body.planId),
    }))
    .on(paymentsContract.order, async (c, { params }) => {
      const order = await payments.order(await requireUser(ctx, c), params.orderId);
      if (!order) throw new AppError("not_found", 404, "Order not found");
      return { status: 200, body: { order } };
    })
    .on(paymentsContract.notification, async (c) => {
      const result = await payments.notify(await c.req.text(), c.get("clientIp"));
      if (result.status !== 200) {
        const code = { 400: "bad_request", 401: "unauthorized", 503: "service_unavailable" }[
          result.status
        ];
        throw new AppError(code, result.status, result.message);
      }
      return { status: 200, body: { ok: true as const, outcome: result.outcome } };
    }).hono;
}
