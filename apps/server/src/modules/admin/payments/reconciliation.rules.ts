import type { ReconciliationDay, ReconciliationDifference } from "@rupa/shared";
import { jakartaDay } from "../stats.rules";

/**
 * One order as the reconciliation sees it: what the gateway confirmed (its status, amount and
 * times) and what the ledger holds for it (its purchase lot, and the credits a refund revoked).
 */
export interface OrderLedgerFacts {
  orderId: string;
  method: string | null;
  status: string;
  amountIdr: number;
  credits: number;
  paidAt: Date | null;
  refundedAt: Date | null;
  createdAt: Date;
  /** The order's purchase lot: what it granted; null when none was. */
  lotAmount: number | null;
  /** Credits the ledger took back from the lot for a refund (payment_refund spends). */
  revoked: number;
  /** Credits left in the lot now (a refund revokes them all). */
  lotRemaining: number | null;
}

const PAID = new Set(["settlement", "capture"]);
const REFUNDED = new Set(["refund", "partial_refund"]);

/**
 * What is wrong with an order, if anything (docs/product/credits-and-plans.md, Reconciliation):
 * a paid order granted exactly its credits; a refunded one was granted them and has none left;
 * any other order granted nothing.
 */
export function orderProblem(o: OrderLedgerFacts): ReconciliationDifference["problem"] | null {
  if (PAID.has(o.status)) {
    if (o.lotAmount === null) return "paid_without_credits";
    if (o.lotAmount !== o.credits) return "credits_differ";
    return null;
  }
  if (REFUNDED.has(o.status)) {
    if (o.lotAmount === null) return o.paidAt ? "paid_without_credits" : null;
    if ((o.lotRemaining ?? 0) > 0) return "refund_credits_left";
    return null;
  }
  return o.lotAmount === null ? null : "credits_without_payment";
}

const methodOf = (o: OrderLedgerFacts) => o.method ?? "unknown";

/**
 * The reconciliation of the Jakarta days `days` (oldest first), per day and method: money the
 * gateway confirmed that day (orders paid that day, refunded later or not) beside the credits
 * the ledger granted for them; refunds on the day they were refunded beside the credits revoked;
 * and every order of the day that does not add up. A day and method with nothing is left out.
 */
export function reconcile(orders: OrderLedgerFacts[], days: string[]): ReconciliationDay[] {
  const wanted = new Set(days);
  const rows = new Map<string, ReconciliationDay>();
  const row = (day: string, method: string): ReconciliationDay => {
    const key = `${day}|${method}`;
    let r = rows.get(key);
    if (!r) {
      r = {
        day,
        method,
        paidOrders: 0,
        paidAmountIdr: 0,
        creditsGranted: 0,
        refundedOrders: 0,
        refundedAmountIdr: 0,
        creditsRevoked: 0,
        differences: [],
        matches: true,
      };
      rows.set(key, r);
    }
    return r;
  };
  for (const o of orders) {
    const paidDay = o.paidAt ? jakartaDay(o.paidAt) : null;
    if (paidDay && wanted.has(paidDay)) {
      const r = row(paidDay, methodOf(o));
      r.paidOrders += 1;
      r.paidAmountIdr += o.amountIdr;
      r.creditsGranted += o.lotAmount ?? 0;
    }
    const refundDay = o.refundedAt ? jakartaDay(o.refundedAt) : null;
    if (refundDay && wanted.has(refundDay) && REFUNDED.has(o.status)) {
      const r = row(refundDay, methodOf(o));
      r.refundedOrders += 1;
      r.refundedAmountIdr += o.amountIdr;
      r.creditsRevoked += o.revoked;
    }
    const problem = orderProblem(o);
    if (problem) {
      // Shown on the day it last moved: its refund, its payment, or its creation.
      const day = refundDay ?? paidDay ?? jakartaDay(o.createdAt);
      if (wanted.has(day)) {
        const r = row(day, methodOf(o));
        r.differences.push({ orderId: o.orderId, problem });
        r.matches = false;
      }
    }
  }
  return [...rows.values()].sort((a, b) =>
    a.day === b.day ? a.method.localeCompare(b.method) : a.day < b.day ? 1 : -1,
  );
}
