import { describe, expect, it } from "vitest";
import type { AuditActor } from "../../audit/audit.repository";
import type { PaymentGateways } from "../../../infra/payments/gateway";
import { MidtransError, type MidtransClient } from "../../../infra/payments/midtrans";
import type { PaymentRow, PaymentsRepository } from "../../payments/payments.repository";
import {
  fakeAudit,
  fakeCredits,
  fakeLog,
  fakeTransactor,
  paymentRow,
} from "../../../../test/fakes";
import type { AdminPaymentsRepository } from "./payments.repository";
import { createAdminPaymentsService } from "./payments.service";

/**
 * The refund rules of the admin payments service against the in-memory fakes (test/fakes: the
 * real ledger rules): what is checked before the gateway is asked, what one transaction writes,
 * what a gateway failure leaves, and the refund notification that won the race. The same flows
 * run on real databases against a fake Midtrans in payments.int.test.ts.
 */
const now = Date.parse("2026-11-28T03:00:00Z");
const actor: AuditActor = { userId: "admin-1", ip: "127.0.0.1", userAgent: "test" };

function world(over: Partial<PaymentRow> = {}) {
  const credits = fakeCredits();
  const transactor = fakeTransactor();
  const audit = fakeAudit();
  const log = fakeLog();
  const order = paymentRow(
    {
      id: "pay-1",
      orderId: "RUPA-ABCDEF-00000001",
      userId: "member-1",
      status: "settlement",
      paymentType: "qris",
      paidAt: new Date(now - 86_400_000),
      ...over,
    },
    now - 86_400_000,
  );
  credits.hold(order.userId!, 200, { paymentId: order.id });
  const refunds: { orderId: string; refundKey: string; amount: number }[] = [];
  let gatewayAnswer: MidtransError | null = null;
  /** Runs while the gateway is asked (a refund notification arriving meanwhile). */
  let duringRefund: (() => Promise<void>) | null = null;
  const client = {
    refund: async (orderId: string, req: { refundKey: string; amount: number }) => {
      if (gatewayAnswer) throw gatewayAnswer;
      refunds.push({ orderId, ...req });
      await duringRefund?.();
      return {
        refundKey: req.refundKey,
        refundAmount: req.amount,
        transactionStatus: "refund",
        statusMessage: "",
      };
    },
  } as unknown as MidtransClient;
  const gateways = {
    byKind: () => Promise.resolve({ kind: "midtrans", serverKey: "k", client }),
  } as unknown as PaymentGateways;
  const notices: { revoked: number; manual: boolean }[] = [];
  const repo = {
    find: (id: string) =>
      Promise.resolve(id === order.orderId ? { ...order, email: "sari@example.com" } : null),
    notifications: () => Promise.resolve([]),
    statusChecks: () => Promise.resolve([]),
    lot: () => {
      const lot = credits.lots.find((l) => l.paymentId === order.id)!;
      return Promise.resolve({ ...lot, revoked: 200 - lot.remaining });
    },
  } as unknown as AdminPaymentsRepository;
  const orders = {
    lockOrder: (_tx: unknown, id: string) =>
      Promise.resolve(id === order.orderId ? { ...order } : null),
    updateOrder: (_tx: unknown, _id: string, set: Partial<PaymentRow>) =>
      Promise.resolve(Object.assign(order, set)),
  } as unknown as Pick<PaymentsRepository, "lockOrder" | "updateOrder">;
  const service = createAdminPaymentsService({
    db: transactor.db,
    repo,
    orders,
    credits: credits.service,
    audit: { ...audit, list: () => Promise.resolve({ items: [], total: 0 }) },
    gateways,
    notice: (_o, revoked, manual) => {
      notices.push({ revoked, manual });
      return Promise.resolve();
    },
    log,
    clock: { now: () => now },
  });
  return {
    service,
    order,
    credits,
    audit,
    refunds,
    notices,
    failGateway: (e: MidtransError) => void (gatewayAnswer = e),
    whileRefunding: (fn: () => Promise<void>) => void (duringRefund = fn),
  };
}

describe("admin payments service: refunds", () => {
  it("refunds a paid order through the gateway with the order's refund_key, revoking what is left", async () => {
    const w = world();
    await w.credits.service.spend(w.order.userId!, 50, "avatar");
    const out = await w.service.refund(actor, w.order.orderId, { reason: "Batal", manual: false });
    expect(w.refunds).toEqual([
      {
        orderId: w.order.orderId,
        refundKey: `${w.order.orderId}-refund`,
        amount: 199_000,
        reason: "Batal",
      },
    ]);
    expect(w.credits.balance(w.order.userId!)).toBe(0);
    expect(
      w.credits.spends.filter((s) => s.reason === "payment_refund").map((s) => s.amount),
    ).toEqual([150]);
    expect(w.order).toMatchObject({
      status: "refund",
      refundSource: "gateway",
      refundedBy: "admin-1",
    });
    expect(w.audit.rows).toHaveLength(1);
    expect(w.audit.rows[0]).toMatchObject({
      action: "payment.refunded",
      entityType: "payment",
      entityId: w.order.orderId,
      after: { creditsRevoked: 150, via: "gateway" },
    });
    expect(w.notices).toEqual([{ revoked: 150, manual: false }]);
    expect(out.payment.state).toBe("refunded");
  });

  it("refuses a second refund, an unpaid order and an unknown one before asking the gateway", async () => {
    const refunded = world({ status: "refund" });
    await expect(
      refunded.service.refund(actor, refunded.order.orderId, { reason: "x", manual: true }),
    ).rejects.toMatchObject({ code: "payment_already_refunded", status: 409 });
    const pending = world({ status: "pending", paidAt: null });
    await expect(
      pending.service.refund(actor, pending.order.orderId, { reason: "x", manual: false }),
    ).rejects.toMatchObject({ code: "payment_not_paid" });
    await expect(
      pending.service.refund(actor, "RUPA-ABCDEF-NOTHERE0", { reason: "x", manual: false }),
    ).rejects.toMatchObject({ status: 404 });
    expect([...refunded.refunds, ...pending.refunds]).toEqual([]);
    expect(refunded.audit.rows).toEqual([]);
  });

  it("asks for the manual path past the QRIS window, and records it with the same effects", async () => {
    const w = world({ paidAt: new Date(now - 8 * 86_400_000) });
    await expect(
      w.service.refund(actor, w.order.orderId, { reason: "Telat", manual: false }),
    ).rejects.toMatchObject({ code: "refund_needs_manual" });
    expect(w.credits.balance(w.order.userId!)).toBe(200);
    await w.service.refund(actor, w.order.orderId, { reason: "Transfer", manual: true });
    expect(w.refunds).toEqual([]);
    expect(w.credits.balance(w.order.userId!)).toBe(0);
    expect(w.audit.rows[0]).toMatchObject({ action: "payment.refunded_manually" });
    expect(w.notices).toEqual([{ revoked: 200, manual: true }]);
  });

  it("a gateway refusal leaves the order paid, its credits and no audit row (502)", async () => {
    const w = world();
    w.failGateway(
      new MidtransError("rejected", "x", 412, ["Transaction status cannot be updated."]),
    );
    await expect(
      w.service.refund(actor, w.order.orderId, { reason: "Batal", manual: false }),
    ).rejects.toMatchObject({ code: "refund_gateway_error", status: 502 });
    expect(w.order.status).toBe("settlement");
    expect(w.credits.balance(w.order.userId!)).toBe(200);
    expect(w.audit.rows).toEqual([]);
    expect(w.notices).toEqual([]);
  });

  it("when the gateway's refund notification was applied first, the refund is the admin's and nothing is revoked twice", async () => {
    const w = world();
    w.whileRefunding(async () => {
      // What the payments service's notification path did meanwhile.
      await w.credits.service.revokePurchase(w.order.id, "Refund", new Date(now), undefined);
      Object.assign(w.order, {
        status: "refund",
        refundSource: "notification",
        refundedAt: new Date(now),
      });
    });
    await w.service.refund(actor, w.order.orderId, { reason: "Batal", manual: false });
    expect(w.credits.spends.filter((s) => s.reason === "payment_refund")).toHaveLength(1);
    expect(w.order).toMatchObject({
      status: "refund",
      refundSource: "gateway",
      refundedBy: "admin-1",
    });
    expect(w.audit.rows).toHaveLength(1);
    expect(w.audit.rows[0]!.after).toMatchObject({ creditsRevoked: 0 });
    // The notification already told the member.
    expect(w.notices).toEqual([]);
  });
});
