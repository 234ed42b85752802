import { z } from "zod";
import { defineRoutes } from "./contract";

/**
 * Reconciliation of money and credits (docs/product/credits-and-plans.md, Reconciliation): per
 * Jakarta day and payment method, the money the gateway confirmed beside the credits the ledger
 * granted and revoked, and every order that does not add up. Worked out by a daily job and kept;
 * admin › Pembayaran shows the last 30 days.
 */
export const RECONCILIATION_DAYS = 30;

export const RECONCILIATION_PROBLEMS = [
  /** Paid, but the ledger holds no credits for it. */
  "paid_without_credits",
  /** The ledger granted another number of credits than the order sold. */
  "credits_differ",
  /** Refunded, yet credits of its lot are still there to spend. */
  "refund_credits_left",
  /** Credits granted for an order the gateway never confirmed as paid. */
  "credits_without_payment",
] as const;

export const reconciliationDifferenceSchema = z.object({
  orderId: z.string(),
  problem: z.enum(RECONCILIATION_PROBLEMS),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

export const reconciliationDaySchema = z.object({
  /** A Jakarta day, YYYY-MM-DD. */
  day: z.string(),
  /** The gateway's payment type (qris, gopay, bank_transfer…), or "unknown". */
  method: z.string(),
  paidOrders: z.number().int().nonnegative(),
  paidAmountIdr: z.number().int().nonnegative(),
  creditsGranted: z.number().int().nonnegative(),
  refundedOrders: z.number().int().nonnegative(),
  refundedAmountIdr: z.number().int().nonnegative(),
  creditsRevoked: z.number().int().nonnegative(),
  differences: z.array(reconciliationDifferenceSchema),
  matches: z.boolean(),
});
export type ReconciliationDay = z.infer<typeof reconciliationDaySchema>;

export const reconciliationResponseSchema = z.object({
  /** The days covered, Jakarta time, both included. */
  from: z.string(),
  to: z.string(),
  /** When the figures were worked out (the daily job, or this request when none were). */
  checkedAt: z.string(),
  /** Newest day first; a day and method without payments or refunds is left out. */
  days: z.array(reconciliationDaySchema),
});
export type ReconciliationResponse = z.infer<typeof reconciliationResponseSchema>;

export const adminReconciliationContract = defineRoutes({
  get: {
    method: "GET",
    path: "/api/admin/payments/reconciliation",
    summary: "The last 30 days' reconciliation of gateway money against ledger credits",
    access: "admin",
    responses: { 200: reconciliationResponseSchema },
  },
});
