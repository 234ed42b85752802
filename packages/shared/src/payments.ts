import { z } from "zod";
import { defineRoutes, fileResponse, redirectResponse } from "./contract";
import { planSchema, planTiers, billingCycles } from "./settings";

/**
 * Buying credits (issue 12, docs/product/credits-and-plans.md): plans are prepaid periods, the
 * price comes from the server, and credits arrive only from a verified gateway notification.
 */

/** Order ids are URL-safe and unique: `RUPA-<time base36>-<random>`. */
export const orderIdSchema = z.string().regex(/^RUPA-[A-Z0-9]{6,12}-[A-Z0-9]{8}$/);

export const planViewSchema = planSchema.extend({
  /** Price divided by credits, rounded to whole rupiah. */
  pricePerCreditIdr: z.number().int().nonnegative(),
  /** Yearly plans: 12x the monthly twin's price minus this price (null for monthly). */
  savingsIdr: z.number().int().nullable(),
  /** Yearly plans: the saving as a whole percentage of 12 monthly payments (null for monthly). */
  discountPercent: z.number().int().nullable(),
});
export type PlanView = z.infer<typeof planViewSchema>;

export const plansResponseSchema = z.object({
  plans: z.array(planViewSchema),
  checkout: z.object({
    /** Whether buying works here (false: payments are not configured). */
    available: z.boolean(),
    /** Whether checkout is Rupa's payment simulator instead of Midtrans. */
    simulated: z.boolean(),
  }),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/**
 * The subscription answer (docs/product/credits-and-plans.md): "subscribed" = holding an unexpired
 * paid plan lot.
 */
export const subscriptionSchema = z.object({
  subscribed: z.boolean(),
  tier: z.enum(planTiers).nullable(),
  billingCycle: z.enum(billingCycles).nullable(),
  planName: z.string().nullable(),
  creditsPerPeriod: z.number().int().nullable(),
  /** The plan lot's expiry (ISO time): no renewal happens by itself (prepaid periods). */
  nextCreditDate: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** What an order looks like to its buyer. */
export const ORDER_STATES = ["pending", "paid", "failed", "expired", "refunded"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const orderSchema = z.object({
  orderId: orderIdSchema,
  planId: z.string(),
  planName: z.string(),
  billingCycle: z.enum(billingCycles),
  credits: z.number().int().positive(),
  amountIdr: z.number().int().positive(),
  state: z.enum(ORDER_STATES),
  /** Midtrans' transaction status, as last confirmed. */
  status: z.string(),
  /** The method used (qris, gopay, bank_transfer…), once chosen. */
  paymentType: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The credits' expiry, once granted. */
  expiresAt: z.string().nullable(),
  /** Credits left from this order's lot, once granted. */
  creditsRemaining: z.number().int().nonnegative().nullable(),
  /** Where to pay while the order can still be paid. */
  checkoutUrl: z.string().nullable(),
  simulated: z.boolean(),
  /** The printable receipt of a paid (or later refunded) order, with its invoice number. */
  receiptUrl: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const createPaymentRequestSchema = z.object({ planId: planSchema.shape.id });

/** The answer to creating a payment (the checkout's address), plus the order to follow. */
export const createPaymentResponseSchema = z.object({
  success: z.literal(true),
  redirect_url: z.string(),
  orderId: orderIdSchema,
  /** True when an order for this plan was still payable and is reopened. */
  reused: z.boolean(),
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

export const orderListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const creditLotViewSchema = z.object({
  id: z.uuid(),
  source: z.string(),
  amount: z.number().int().positive(),
  remaining: z.number().int().nonnegative(),
  expiresAt: z.string(),
  description: z.string(),
});
export type CreditLotView = z.infer<typeof creditLotViewSchema>;

export const paymentErrorCodes = [
  "plan_not_found",
  "payments_unavailable",
  "payment_gateway_error",
] as const;

export const paymentsContract = defineRoutes({
  plans: {
    method: "GET",
    path: "/api/plans",
    summary: "The plans on sale (monthly and yearly), priced on the server",
    access: "public",
    responses: { 200: plansResponseSchema },
  },
  subscription: {
    method: "GET",
    path: "/api/billing/subscription",
    summary: "Whether the member holds an unexpired plan, and which (check-subscription)",
    access: "member",
    responses: { 200: subscriptionSchema },
  },
  expiring: {
    method: "GET",
    path: "/api/billing/expiring",
    summary: "The member's credit lots that expire soonest (at most 2)",
    access: "member",
    responses: { 200: z.object({ lots: z.array(creditLotViewSchema) }) },
  },
  orders: {
    method: "GET",
    path: "/api/payments",
    summary: "The member's orders, newest first",
    access: "member",
    query: orderListQuerySchema,
    responses: { 200: z.object({ orders: z.array(orderSchema) }) },
  },
  create: {
    method: "POST",
    path: "/api/payments",
    summary:
      "Start buying a plan: an order and its checkout page (the price comes from the server)",
    access: "member",
    body: createPaymentRequestSchema,
    responses: { 200: createPaymentResponseSchema },
    errors: [404, 429, 502, 503],
  },
  order: {
    method: "GET",
    path: "/api/payments/:orderId",
    summary: "One of the member's orders; a pending one is re-checked with the gateway",
    access: "member",
    params: z.object({ orderId: orderIdSchema }),
    notFound: "Order not found",
    responses: { 200: z.object({ order: orderSchema }) },
  },
  receipt: {
    method: "GET",
    path: "/api/payments/:orderId/receipt",
    summary:
      "A paid order's printable receipt (HTML, print styles), for its buyer or an admin, in the buyer's language",
    access: "public",
    params: z.object({ orderId: orderIdSchema }),
    notFound: "Receipt not found",
    responses: {
      200: fileResponse("The receipt page (text/html)"),
      302: redirectResponse("Signed out: to /auth?next=/credits"),
    },
  },
  notification: {
    method: "POST",
    path: "/api/payments/midtrans/notification",
    summary:
      "A Midtrans payment notification (HTTP notification URL): verified by signature_key, then confirmed with the status API",
    access: "signed",
    bodyType: "raw",
    body: z.looseObject({
      order_id: z.string(),
      status_code: z.string(),
      gross_amount: z.string(),
      transaction_status: z.string(),
      signature_key: z.string(),
    }),
    responses: { 200: z.object({ ok: z.literal(true), outcome: z.string() }) },
    errors: [401, 503],
  },
});
