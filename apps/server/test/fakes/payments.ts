import type { PaymentRow } from "../../src/modules/payments/payments.repository";

/**
 * A payments row as the database holds one: a pending Midtrans order of the Pro plan, monthly
 * (as @rupa/shared's plans price it), made at `at`, with `over` on top. Both payments services'
 * tests build their orders with it.
 */
export function paymentRow(
  over: Partial<PaymentRow> & Pick<PaymentRow, "id" | "orderId" | "userId">,
  at: number,
): PaymentRow {
  return {
    planId: "pro_monthly",
    planName: "Pro",
    billingCycle: "monthly",
    credits: 200,
    validityDays: 30,
    amountIdr: 199_000,
    gateway: "midtrans",
    status: "pending",
    paymentType: null,
    gatewayTransactionId: null,
    fraudStatus: null,
    snapToken: null,
    redirectUrl: null,
    checkoutExpiresAt: new Date(at + 86_400_000),
    lastCheckedAt: null,
    paidAt: null,
    creditedAt: null,
    refundedAt: null,
    invoiceNumber: null,
    refundSource: null,
    refundReason: null,
    refundedBy: null,
    createdAt: new Date(at),
    updatedAt: new Date(at),
    ...over,
  };
}
