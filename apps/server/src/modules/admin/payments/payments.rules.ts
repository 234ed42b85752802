import type { OrderState, RefundBlocker } from "@rupa/shared";

/**
 * The refund rules of the admin Pembayaran section as pure functions (ADR 043,
 * docs/product/credits-and-plans.md "Refunds"): which orders can be refunded, which the gateway
 * can refund and until when, and the refund's idempotency key.
 */

/**
 * How many days after payment Midtrans takes a refund of each method, the shortest window it
 * documents for the method (docs/product/credits-and-plans.md lists them with their source).
 * A method missing here (virtual accounts, Mandiri bill, convenience stores) has no refund at
 * Midtrans: the admin records a refund made outside it.
 */
export const REFUND_WINDOW_DAYS: Readonly<Record<string, number>> = {
  qris: 7,
  gopay: 45,
  shopeepay: 365,
};

/** The refund_key of an order's refund: the same on every retry, so Midtrans refunds it once. */
export function refundKey(orderId: string): string {
  return `${orderId}-refund`;
}

export interface RefundFacts {
  state: OrderState;
  method: string | null;
  paidAt: Date | null;
}

/** Why the gateway cannot refund a paid order now, or null when it can; and its window's end. */
export function refundBlocker(
  o: Pick<RefundFacts, "method" | "paidAt">,
  now: Date,
): { blocker: RefundBlocker | null; windowEndsAt: Date | null } {
  const days = o.method ? REFUND_WINDOW_DAYS[o.method] : undefined;
  if (days === undefined) return { blocker: "method_not_refundable", windowEndsAt: null };
  const paid = o.paidAt ?? now;
  const windowEndsAt = new Date(paid.getTime() + days * 86_400_000);
  return {
    blocker: now.getTime() > windowEndsAt.getTime() ? "window_passed" : null,
    windowEndsAt,
  };
}

export type RefundPlan =
  | { ok: true; via: "gateway" | "manual" }
  | { ok: false; why: "not_paid" | "already_refunded" | "needs_manual"; blocker?: RefundBlocker };

/**
 * What an admin's refund request does to an order: only a paid order is refunded; through the
 * gateway unless the admin says the money went back outside it; a method the gateway cannot
 * refund (or past its window) must be recorded as refunded outside it.
 */
export function planRefund(o: RefundFacts, manual: boolean, now: Date): RefundPlan {
  if (o.state === "refunded") return { ok: false, why: "already_refunded" };
  if (o.state !== "paid") return { ok: false, why: "not_paid" };
  if (manual) return { ok: true, via: "manual" };
  const { blocker } = refundBlocker(o, now);
  return blocker ? { ok: false, why: "needs_manual", blocker } : { ok: true, via: "gateway" };
}

/** The order states as the gateway statuses they stand for (the list's state filter). */
export const STATUSES_OF_STATE: Readonly<Record<OrderState, readonly string[]>> = {
  pending: ["pending"],
  paid: ["settlement", "capture"],
  failed: ["deny", "cancel", "failure"],
  expired: ["expire"],
  refunded: ["refund", "partial_refund"],
};
