import { adminPaymentsContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { contractRoutes } from "../../../middleware/auth-guards";
import { rateLimit, type RouteLimit } from "../../../middleware/rate-limit";
import { auditActorOf } from "../audit-actor";

/** Refunds an admin may ask for in ten minutes (ADR 043): a slip or a stolen session moves little. */
export const refundLimit: RouteLimit = {
  name: "admin-refunds",
  limit: 20,
  windowSeconds: 600,
  by: (actor) => ({ user: actor.userId }),
};

/**
 * /api/admin/payments…: the admin Pembayaran section (ADR 043). Every route is the contract's
 * `admin` access; refunds are also rate-limited per admin.
 */
export function adminPaymentsRoutes(ctx: AppContext) {
  const payments = ctx.services.admin.payments;
  return contractRoutes(ctx)
    .on(adminPaymentsContract.list, async (_c, { query }) => ({
      status: 200,
      body: await payments.list(query),
    }))
    .on(adminPaymentsContract.detail, async (_c, { params }) => ({
      status: 200,
      body: await payments.detail(params.orderId),
    }))
    .on(
      adminPaymentsContract.refund,
      rateLimit(ctx, refundLimit),
      async (c, { params, body, userId }) => ({
        status: 200,
        body: await payments.refund(auditActorOf(c, userId), params.orderId, body),
      }),
    ).hono;
}
