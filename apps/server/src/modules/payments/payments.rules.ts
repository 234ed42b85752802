import type { OrderState, Plan, PlanView } from "@rupa/shared";
import type { PAYMENT_STATUSES } from "../../db/schema";
import { grossAmountRupiah, isPaid, type MidtransTransaction } from "../../infra/payments/midtrans";

/**
 * The payment rules as pure functions (docs/product/credits-and-plans.md): what a plan costs per
 * credit, what an order looks like to its buyer, and what a confirmed gateway status does to an
 * order. The payments service applies a decision inside one transaction, on the locked order row.
 */

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How long a checkout takes payments: long enough to pay a virtual account at an ATM. */
export const CHECKOUT_EXPIRY_MINUTES = 24 * 60;
/** After the checkout's expiry, an order nobody picked a method for is expired locally. */
export const EXPIRY_GRACE_MINUTES = 15;

/** The statuses of an order paid for good (the referral reward's "a paid purchase" reads them too). */
export const PAID_STATUSES: readonly PaymentStatus[] = ["settlement", "capture"];

export function orderState(status: PaymentStatus): OrderState {
  if (status === "pending") return "pending";
  if (PAID_STATUSES.includes(status)) return "paid";
  if (status === "expire") return "expired";
  if (status === "refund" || status === "partial_refund") return "refunded";
  return "failed";
}

export function isFinal(status: PaymentStatus): boolean {
  return status !== "pending";
}

/** The plans with what the server computes for them: price per credit and yearly savings. */
export function planViews(plans: Plan[]): PlanView[] {
  return plans.map((p) => {
    const monthlyTwin =
      p.billingCycle === "yearly"
        ? plans.find((m) => m.tier === p.tier && m.billingCycle === "monthly")
        : undefined;
    const fullYear = monthlyTwin ? monthlyTwin.priceIdr * 12 : null;
    const savingsIdr = fullYear !== null ? fullYear - p.priceIdr : null;
    return {
      ...p,
      pricePerCreditIdr: Math.round(p.priceIdr / p.credits),
      savingsIdr,
      discountPercent:
        fullYear && savingsIdr !== null ? Math.round((savingsIdr / fullYear) * 100) : null,
    };
  });
}

/** "Pro - Bulanan": plan name plus the Indonesian cycle (docs/product/credits-and-plans.md). */
export function packageName(name: string, billingCycle: string): string {
  return `${name} - ${billingCycle === "yearly" ? "Tahunan" : "Bulanan"}`;
}

export type Decision =
  /** Paid for good: the order becomes paid and its credits are granted, once. */
  | { kind: "grant"; status: "settlement" | "capture" }
  /** The payment ended without money: the order ends. */
  | { kind: "end"; status: "deny" | "cancel" | "expire" | "failure" }
  /** The money went back: what is left of the order's credits is revoked. */
  | { kind: "refund"; status: "refund" | "partial_refund" }
  /** Still waiting for the buyer (a method may have been chosen). */
  | { kind: "wait" }
  /** Nothing changes, and why. */
  | { kind: "ignore"; reason: string };

export interface OrderFacts {
  orderId: string;
  status: PaymentStatus;
  amountIdr: number;
}

/**
 * What a gateway status confirmed by the status API does to an order. Only a pending order can
 * be paid or ended; only a paid order can be refunded; a late `pending` never downgrades. The
 * amount must equal the order's to the rupiah.
 */
export function decide(order: OrderFacts, tx: MidtransTransaction): Decision {
  if (tx.order_id !== order.orderId) return { kind: "ignore", reason: "order_mismatch" };
  if (grossAmountRupiah(tx.gross_amount) !== order.amountIdr) {
    return { kind: "ignore", reason: "amount_mismatch" };
  }
  const pending = order.status === "pending";
  const paid = PAID_STATUSES.includes(order.status);
  if (isPaid(tx)) {
    return pending
      ? { kind: "grant", status: tx.transaction_status === "capture" ? "capture" : "settlement" }
      : { kind: "ignore", reason: paid ? "already_paid" : "order_ended" };
  }
  switch (tx.transaction_status) {
    case "capture":
      // Captured but the fraud check said deny (or challenge: wait for the merchant's decision).
      if (tx.fraud_status === "deny") {
        return pending
          ? { kind: "end", status: "deny" }
          : { kind: "ignore", reason: "not_pending" };
      }
      return pending ? { kind: "wait" } : { kind: "ignore", reason: "not_pending" };
    case "pending":
    case "authorize":
    case "settlement":
      return pending ? { kind: "wait" } : { kind: "ignore", reason: "not_pending" };
    case "deny":
    case "cancel":
    case "expire":
    case "failure":
      return pending
        ? { kind: "end", status: tx.transaction_status }
        : { kind: "ignore", reason: "not_pending" };
    case "refund":
    case "partial_refund":
    case "chargeback":
    case "partial_chargeback":
      return paid
        ? {
            kind: "refund",
            status: tx.transaction_status.startsWith("partial") ? "partial_refund" : "refund",
          }
        : { kind: "ignore", reason: "not_paid" };
  }
}

/**
 * An order the gateway has no transaction for (nobody picked a method): expired locally once its
 * checkout has been closed for the grace period, otherwise left to wait.
 */
export function decideUnanswered(
  order: { status: PaymentStatus; checkoutExpiresAt: Date | null; createdAt: Date },
  now: Date,
): Decision {
  if (order.status !== "pending") return { kind: "ignore", reason: "not_pending" };
  const closes =
    order.checkoutExpiresAt ?? new Date(order.createdAt.getTime() + CHECKOUT_EXPIRY_MINUTES * 60e3);
  return now.getTime() > closes.getTime() + EXPIRY_GRACE_MINUTES * 60e3
    ? { kind: "end", status: "expire" }
    : { kind: "wait" };
}

/**
 * How long to wait before asking the gateway about a pending order again: a minute while it is
 * fresh, then a tenth of its age, at most ten minutes.
 */
export function recheckAfterMs(createdAt: Date, now: Date): number {
  const age = now.getTime() - createdAt.getTime();
  return Math.min(10 * 60e3, Math.max(60e3, age / 10));
}

/** Where an order's printable receipt is (GET /api/payments/:orderId/receipt). */
export function receiptPath(orderId: string): string {
  return `/api/payments/${orderId}/receipt`;
}

/**
 * The invoice number printed on a receipt: the one sequence's number, six digits at least, after
 * the year it was paid in Jakarta ("RUPA/INV/2026/000042"; docs/product/credits-and-plans.md).
 */
export function invoiceLabel(invoiceNumber: number, paidAt: Date): string {
  const year = new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Asia/Jakarta" }).format(
    paidAt,
  );
  return `RUPA/INV/${year}/${String(invoiceNumber).padStart(6, "0")}`;
}

const METHOD_LABELS: Record<string, { id: string; en: string }> = {
  qris: { id: "QRIS", en: "QRIS" },
  gopay: { id: "GoPay", en: "GoPay" },
  shopeepay: { id: "ShopeePay", en: "ShopeePay" },
  bank_transfer: { id: "Transfer bank (virtual account)", en: "Bank transfer (virtual account)" },
  echannel: { id: "Mandiri Bill", en: "Mandiri Bill" },
  credit_card: { id: "Kartu kredit", en: "Credit card" },
  cstore: { id: "Gerai (Alfamart/Indomaret)", en: "Convenience store" },
};

/** A gateway's payment type as a buyer knows it ("qris" → "QRIS"); unknown types as they are. */
export function paymentMethodLabel(type: string | null, lang: "id" | "en"): string {
  if (!type) return "-";
  return METHOD_LABELS[type]?.[lang] ?? type;
}
