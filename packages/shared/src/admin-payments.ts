import { z } from "zod";
import { adminPageSchema, adminTableQuery } from "./admin-tables";
import { auditEntrySchema } from "./audit";
import { defineRoutes } from "./contract";
import { ORDER_STATES, orderIdSchema } from "./payments";

/**
 * The admin Pembayaran section (/api/admin/payments, docs/product/admin.md, ADR 043): every
 * member's orders, searchable by order id or e-mail, filtered by state, method and day; one
 * order's notifications, credit lot and audit trail; and its refund, through the gateway or
 * recorded as done outside it, revoking what is left of the order's credits.
 */

/** The methods an order can be paid with (Midtrans' `payment_type`), for the filter. */
export const PAYMENT_METHODS = [
  "qris",
  "gopay",
  "shopeepay",
  "bank_transfer",
  "echannel",
  "cstore",
  "credit_card",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How an order was refunded: by Rupa through the gateway, recorded by hand, or by a notification. */
export const REFUND_SOURCES = ["gateway", "manual", "notification"] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

/**
 * Why the gateway cannot refund a paid order (the admin may still record a refund made outside
 * it): the method has no refund at Midtrans, or its refund window has passed.
 */
export const REFUND_BLOCKERS = ["method_not_refundable", "window_passed"] as const;
export type RefundBlocker = (typeof REFUND_BLOCKERS)[number];

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD");

export const adminPaymentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  /** Null once the buyer deleted their account (the order is kept, detached). */
  userId: z.string().nullable(),
  email: z.string().nullable(),
  planName: z.string(),
  billingCycle: z.string(),
  credits: z.number().int(),
  amountIdr: z.number().int(),
  /** Midtrans' `payment_type`, once the buyer chose one. */
  method: z.string().nullable(),
  gateway: z.enum(["midtrans", "simulator"]),
  state: z.enum(ORDER_STATES),
  status: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** The printable receipt, once paid (GET /api/payments/:orderId/receipt). */
  receiptUrl: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const ADMIN_PAYMENTS_SORTABLE = ["createdAt", "amountIdr"] as const;

/**
 * GET /api/admin/payments: newest first; `q` matches the order id or the member's e-mail; `from`
 * and `to` are Asia/Jakarta days (inclusive) of the order's creation.
 */
export const adminPaymentsQuerySchema = adminTableQuery({
  sortable: ADMIN_PAYMENTS_SORTABLE,
  defaultSort: "createdAt.desc",
  filters: {
    state: z.enum(ORDER_STATES).optional(),
    method: z.enum(PAYMENT_METHODS).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  },
});
export type AdminPaymentsQuery = z.output<typeof adminPaymentsQuerySchema>;
export const adminPaymentsPageSchema = adminPageSchema(adminPaymentSchema);
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPageSchema>;

export const adminPaymentNotificationSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  /** The `transaction_status` it claimed (null when it was not a notification at all). */
  transactionStatus: z.string().nullable(),
  signatureValid: z.boolean(),
  /** What it changed: granted, refunded, ended, waiting, ignored:<why>, or null when not recorded. */
  outcome: z.string().nullable(),
});
export type AdminPaymentNotification = z.infer<typeof adminPaymentNotificationSchema>;

export const adminPaymentDetailSchema = z.object({
  payment: adminPaymentSchema,
  /** The last time Rupa asked the gateway's status API about it (sweeper, buyer's page). */
  lastCheckedAt: z.string().nullable(),
  notifications: z.array(adminPaymentNotificationSchema),
  /** Each time Rupa asked the gateway's status API about it (oldest first), and what changed. */
  checks: z.array(
    z.object({
      id: z.string(),
      checkedAt: z.string(),
      /** Who asked: the payments sweeper, or the buyer's page re-checking a pending order. */
      trigger: z.string(),
      /** What the gateway said, or null when it did not answer. */
      transactionStatus: z.string().nullable(),
      /** granted, ended, refunded, waiting, ignored:<why> or error:<kind>. */
      outcome: z.string(),
    }),
  ),
  /** The credit lot it granted, with what is left. */
  lot: z
    .object({
      id: z.string(),
      amount: z.number().int(),
      remaining: z.number().int(),
      expiresAt: z.string().nullable(),
    })
    .nullable(),
  refund: z.object({
    /** Whether a refund can be asked now (a paid order). */
    possible: z.boolean(),
    /** Null when the gateway can refund it; otherwise why only a refund outside it can be recorded. */
    blocker: z.enum(REFUND_BLOCKERS).nullable(),
    /** The last day the gateway takes a refund of its method, when it has a window. */
    windowEndsAt: z.string().nullable(),
    source: z.enum(REFUND_SOURCES).nullable(),
    reason: z.string().nullable(),
    /** The credits the refund took back. */
    creditsRevoked: z.number().int().nullable(),
  }),
  audit: z.array(auditEntrySchema),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

export const refundRequestSchema = z
  .object({
    reason: z.string().trim().min(3).max(500),
    /** The money went back outside Midtrans (bank transfer by hand): record it only. */
    manual: z.boolean().default(false),
  })
  .strict();
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const adminPaymentsContract = defineRoutes({
  list: {
    method: "GET",
    path: "/api/admin/payments",
    summary: "Members' orders, newest first, searchable by order id or e-mail",
    access: "admin",
    query: adminPaymentsQuerySchema,
    responses: { 200: adminPaymentsPageSchema },
  },
  detail: {
    method: "GET",
    path: "/api/admin/payments/:orderId",
    summary: "One order: its notifications, credit lot, refund and audit trail",
    access: "admin",
    params: z.object({ orderId: orderIdSchema }),
    notFound: "Order not found",
    responses: { 200: adminPaymentDetailSchema },
  },
  refund: {
    method: "POST",
    path: "/api/admin/payments/:orderId/refund",
    summary:
      "Refund a paid order in full (through the gateway, or recorded as done outside it), revoking its unused credits",
    access: "admin",
    params: z.object({ orderId: orderIdSchema }),
    notFound: "Order not found",
    body: refundRequestSchema,
    errors: [409, 429, 502],
    responses: { 200: adminPaymentDetailSchema },
  },
});
