import { paymentsContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/errors";
import { contractRoutes } from "../../middleware/auth-guards";
import { rateLimit } from "../../middleware/rate-limit";
import { receiptPage } from "./receipt-page";

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
    .on(paymentsContract.subscription, async (_c, { userId }) => ({
      status: 200,
      body: await payments.subscription(userId),
    }))
    .on(paymentsContract.expiring, async (_c, { userId }) => ({
      status: 200,
      body: { lots: await payments.expiring(userId) },
    }))
    .on(paymentsContract.orders, async (_c, { query, userId }) => ({
      status: 200,
      body: { orders: await payments.orders(userId, query.limit) },
    }))
    .on(paymentsContract.create, buyLimit, async (c, { body, userId }) => ({
      status: 200,
      // The gateway brings the buyer back to the origin they bought on (ADR 035).
      body: await payments.create(userId, body.planId, c.get("linkOrigin")),
    }))
    .on(paymentsContract.order, async (_c, { params, userId }) => {
      const order = await payments.order(userId, params.orderId);
      if (!order) throw new AppError("not_found", 404, "Order not found");
      return { status: 200, body: { order } };
    })
    .on(paymentsContract.receipt, async (c, { params }) => {
      const viewer = await ctx.resolveActor(c);
      // Opened from the receipt e-mail while signed out: sign in, then the receipts on /credits.
      if (!viewer.userId) return c.redirect("/auth?next=/credits", 302);
      const receipt = await payments.receipt(
        { userId: viewer.userId, isAdmin: viewer.isAdmin },
        params.orderId,
      );
      if (!receipt) throw new AppError("not_found", 404, "Receipt not found");
      c.header("Cache-Control", "private, no-store");
      return c.html(receiptPage(receipt));
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
