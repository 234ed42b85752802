import { describe, expect, it } from "vitest";
import { orderProblem, reconcile, type OrderLedgerFacts } from "./reconciliation.rules";

const at = (iso: string) => new Date(iso);
function order(over: Partial<OrderLedgerFacts>): OrderLedgerFacts {
  return {
    orderId: "RUPA-AAAAAA-00000001",
    method: "qris",
    status: "settlement",
    amountIdr: 199_000,
    credits: 200,
    paidAt: at("2026-11-24T03:00:00Z"),
    refundedAt: null,
    createdAt: at("2026-11-24T02:59:00Z"),
    lotAmount: 200,
    revoked: 0,
    lotRemaining: 150,
    ...over,
  };
}

describe("reconciliation rules", () => {
  it("names what does not add up for an order", () => {
    expect(orderProblem(order({}))).toBeNull();
    expect(orderProblem(order({ lotAmount: null }))).toBe("paid_without_credits");
    expect(orderProblem(order({ lotAmount: 180 }))).toBe("credits_differ");
    const refunded = { status: "refund", refundedAt: at("2026-11-25T01:00:00Z") };
    expect(orderProblem(order({ ...refunded, lotRemaining: 0, revoked: 150 }))).toBeNull();
    expect(orderProblem(order({ ...refunded, lotRemaining: 20, revoked: 130 }))).toBe(
      "refund_credits_left",
    );
    for (const status of ["pending", "expire", "deny", "cancel"]) {
      expect(orderProblem(order({ status, paidAt: null, lotAmount: null }))).toBeNull();
      expect(orderProblem(order({ status, paidAt: null }))).toBe("credits_without_payment");
    }
  });

  it("sums each Jakarta day and method: money paid against credits granted, refunds against credits revoked", () => {
    const rows = reconcile(
      [
        order({ orderId: "A" }),
        order({ orderId: "B", amountIdr: 39_000, credits: 25, lotAmount: 25 }),
        // 23:30 WIB on the 24th is 16:30 UTC: still the 24th in Jakarta.
        order({ orderId: "C", method: "gopay", paidAt: at("2026-11-24T16:30:00Z") }),
        // Paid on the 24th, refunded on the 25th with 150 credits left to revoke.
        order({
          orderId: "D",
          status: "refund",
          refundedAt: at("2026-11-25T02:00:00Z"),
          lotRemaining: 0,
          revoked: 150,
        }),
        // Paid without credits on the 25th: a difference, on its own day and method.
        order({
          orderId: "E",
          method: "bank_transfer",
          paidAt: at("2026-11-25T05:00:00Z"),
          lotAmount: null,
        }),
        // Before the range: left out.
        order({ orderId: "F", paidAt: at("2026-10-01T05:00:00Z") }),
      ],
      ["2026-11-24", "2026-11-25"],
    );
    expect(rows.map((r) => [r.day, r.method, r.matches])).toEqual([
      ["2026-11-25", "bank_transfer", false],
      ["2026-11-25", "qris", true],
      ["2026-11-24", "gopay", true],
      ["2026-11-24", "qris", true],
    ]);
    expect(rows[3]).toMatchObject({
      paidOrders: 3,
      paidAmountIdr: 199_000 + 39_000 + 199_000,
      creditsGranted: 425,
      refundedOrders: 0,
    });
    expect(rows[1]).toMatchObject({
      paidOrders: 0,
      refundedOrders: 1,
      refundedAmountIdr: 199_000,
      creditsRevoked: 150,
    });
    expect(rows[0]!.differences).toEqual([{ orderId: "E", problem: "paid_without_credits" }]);
    expect(rows[0]).toMatchObject({ paidOrders: 1, creditsGranted: 0 });
  });
});
