import { defaultPlans } from "@rupa/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { refusal } from "../../../test/refusal";
import type { MailMessage } from "../../infra/mail/mailer";
import type { PaymentGateway, PaymentGateways } from "../../infra/payments/gateway";
import {
  MidtransError,
  notificationSignature,
  type MidtransTransaction,
} from "../../infra/payments/midtrans";
import type { Logger } from "../../lib/logger";
import type { SecurityEventInput } from "../security/security-events.repository";
import { fakeCredits, fakeTransactor, paymentRow } from "../../../test/fakes";
import type { PaymentRow, PaymentsRepository } from "./payments.repository";
import { createPaymentsService } from "./payments.service";

/**
 * The payments service's rules against the in-memory fakes (test/fakes; the real ledger rules):
 * what it checks before anything moves (signature, the status API's word, the gateway of the order), what it answers
 * Midtrans, and what it does when a gateway fails. The same flows run against real databases and
 * a fake Midtrans in payments.int.test.ts.
 */
const KEY = "SB-Mid-server-unit-key";

function world() {
  const orders = new Map<string, PaymentRow>();
  const notifications: { orderId: string; signatureValid: boolean }[] = [];
  /** The orders `apply` locked, in order. */
  const applied: string[] = [];
  const credits = fakeCredits();
  /** The referrer's reward each grant paid (the setting, read before its transaction). */
  const referralRewards: number[] = [];
  const events: SecurityEventInput[] = [];
  const mails: MailMessage[] = [];
  const failed: string[] = [];
  const snapCalls: string[] = [];
  const statusCalls: string[] = [];
  let status: MidtransTransaction | null | MidtransError = null;
  let snap: { token: string; redirectUrl: string } | MidtransError = {
    token: "tok",
    redirectUrl: "https://app.sandbox.midtrans.com/snap/v4/redirection/tok",
  };
  let gatewayOn = true;
  let lastCheck = 0;
  let invoices = 0;
  let sendFails = false;
  const now = Date.parse("2026-11-24T03:00:00Z");

  const gateway: PaymentGateway = {
    kind: "midtrans",
    serverKey: KEY,
    client: {
      createSnapTransaction(req) {
        snapCalls.push(req.orderId);
        return snap instanceof MidtransError ? Promise.reject(snap) : Promise.resolve(snap);
      },
      transactionStatus(orderId) {
        statusCalls.push(orderId);
        return status instanceof MidtransError ? Promise.reject(status) : Promise.resolve(status);
      },
      refund: () => Promise.reject(new Error("not used here")),
    },
  };
  const gateways: PaymentGateways = {
    active: () => Promise.resolve(gatewayOn ? gateway : null),
    byKind: (kind) => Promise.resolve(gatewayOn && kind === "midtrans" ? gateway : null),
  };
  const row = (over: Partial<PaymentRow>): PaymentRow =>
    paymentRow(
      {
        id: `p-${orders.size + 1}`,
        orderId: `RUPA-ABCDEF-${String(orders.size + 1).padStart(8, "0")}`,
        userId: "u1",
        ...over,
      },
      now,
    );

  const repo = {
    create(o) {
      const r = row({ ...o });
      orders.set(r.orderId, r);
      return Promise.resolve(r);
    },
    setCheckout(id, snapToken, redirectUrl) {
      for (const r of orders.values())
        if (r.id === id) Object.assign(r, { snapToken, redirectUrl });
      return Promise.resolve();
    },
    markFailed(id) {
      failed.push(id);
      return Promise.resolve();
    },
    findByOrderId: (orderId) => Promise.resolve(orders.get(orderId) ?? null),
    findForUser(userId, orderId) {
      const r = orders.get(orderId);
      return Promise.resolve(
        r && r.userId === userId ? { ...r, lotExpiresAt: null, lotRemaining: null } : null,
      );
    },
    payableFor: (userId, planId) =>
      Promise.resolve(
        [...orders.values()].find(
          (r) => r.userId === userId && r.planId === planId && r.status === "pending",
        ) ?? null,
      ),
    claimCheck(_id, at, notBefore) {
      if (lastCheck > notBefore.getTime()) return Promise.resolve(false);
      lastCheck = at.getTime();
      return Promise.resolve(true);
    },
    recordNotification(n) {
      notifications.push({ orderId: n.orderId, signatureValid: n.signatureValid });
      return Promise.resolve(`n-${notifications.length}`);
    },
    setNotificationOutcome: () => Promise.resolve(),
    lockOrder(_tx, orderId) {
      applied.push(orderId);
      return Promise.resolve(orders.get(orderId) ?? null);
    },
    nextInvoiceNumber: () => Promise.resolve(++invoices),
    recordCheck: () => Promise.resolve(),
    updateOrder(_tx, id, set) {
      const r = [...orders.values()].find((o) => o.id === id)!;
      return Promise.resolve(Object.assign(r, set));
    },
  } as Partial<PaymentsRepository> as PaymentsRepository;

  const service = createPaymentsService({
    db: fakeTransactor().db,
    payments: repo,
    referrals: {
      rewardFirstPurchase(_tx, _referredId, reward) {
        referralRewards.push(reward);
        return Promise.resolve(false);
      },
      rewardPaid: () => Promise.resolve(),
    },
    credits: credits.service,
    settings: {
      get: () => Promise.resolve(JSON.stringify(defaultPlans)),
      getInt: () => Promise.resolve(5),
    } as never,
    accounts: {
      findById: (id: string) =>
        Promise.resolve({
          id,
          email: "sari@example.com",
          fullName: "Sari",
          phone: null,
          preferredLanguage: "en",
        }),
    } as never,
    security: {
      record: (e: SecurityEventInput) => {
        events.push(e);
        return Promise.resolve();
      },
    },
    gateways,
    send: (m) => {
      if (sendFails) return Promise.reject(new Error("SMTP down"));
      mails.push(m);
      return Promise.resolve();
    },
    log: { info() {}, warn() {}, error() {} } as unknown as Logger,
    publicUrl: "https://rupa.example",
    clock: { now: () => now },
  });

  return {
    service,
    orders,
    notifications,
    applied,
    credits,
    referralRewards,
    events,
    mails,
    failed,
    snapCalls,
    statusCalls,
    addOrder: (over: Partial<PaymentRow> = {}) => {
      const r = row(over);
      orders.set(r.orderId, r);
      return r;
    },
    setStatus: (s: typeof status) => void (status = s),
    setSnap: (s: typeof snap) => void (snap = s),
    gatewayOff: () => void (gatewayOn = false),
    failMail: () => void (sendFails = true),
    advance: (ms: number) => void (lastCheck -= ms),
  };
}

const settlement = (orderId: string): MidtransTransaction => ({
  order_id: orderId,
  status_code: "200",
  gross_amount: "199000.00",
  transaction_status: "settlement",
  fraud_status: "accept",
});
const sign = (t: MidtransTransaction, key = KEY) =>
  JSON.stringify({ ...t, signature_key: notificationSignature(t, key) });

describe("starting a purchase", () => {
  let w: ReturnType<typeof world>;
  beforeEach(() => (w = world()));

  it("refuses when no gateway sells, and for a plan not on sale", async () => {
    expect(await refusal(w.service.create("u1", "gold_monthly"))).toEqual({
      code: "plan_not_found",
      status: 404,
    });
    w.gatewayOff();
    expect(await refusal(w.service.create("u1", "pro_monthly"))).toEqual({
      code: "payments_unavailable",
      status: 503,
    });
    expect(w.snapCalls).toEqual([]);
  });

  it("prices the order from the plan and reopens it while it can still be paid", async () => {
    const first = await w.service.create("u1", "pro_yearly");
    const order = w.orders.get(first.orderId)!;
    const proYearly = defaultPlans.find((p) => p.id === "pro_yearly")!;
    expect(order).toMatchObject({ amountIdr: proYearly.priceIdr, credits: proYearly.credits });
    expect(await w.service.create("u1", "pro_yearly")).toMatchObject({
      orderId: first.orderId,
      reused: true,
    });
    expect(w.snapCalls).toHaveLength(1);
  });

  it("ends an order Midtrans refused, but keeps one it never answered for the sweeper", async () => {
    w.setSnap(new MidtransError("rejected", "bad", 400));
    expect((await refusal(w.service.create("u1", "pro_monthly"))).status).toBe(502);
    expect(w.failed).toHaveLength(1);
    w.setSnap(new MidtransError("unavailable", "silence", 0));
    expect((await refusal(w.service.create("u1", "starter_monthly"))).status).toBe(502);
    expect(w.failed).toHaveLength(1);
  });
});

describe("a notification", () => {
  let w: ReturnType<typeof world>;
  beforeEach(() => (w = world()));

  it("is stored and refused when it is not one, or its signature is wrong, before anything moves", async () => {
    expect((await w.service.notify("{", "1.2.3.4")).status).toBe(400);
    const o = w.addOrder();
    w.setStatus(settlement(o.orderId));
    const res = await w.service.notify(sign(settlement(o.orderId), "wrong-key"), "1.2.3.4");
    expect(res.status).toBe(401);
    expect(w.notifications.map((n) => n.signatureValid)).toEqual([false, false]);
    expect(w.events).toEqual([
      expect.objectContaining({ type: "api_abuse", from: { ip: "1.2.3.4" } }),
    ]);
    expect(w.statusCalls).toEqual([]);
    expect(w.applied).toEqual([]);
  });

  it("for an order Rupa never made is acknowledged without asking anyone", async () => {
    const res = await w.service.notify(sign(settlement("RUPA-ZZZZZZ-ZZZZZZZZ")), "ip");
    expect(res).toEqual({ status: 200, outcome: "unknown_order" });
    expect(w.statusCalls).toEqual([]);
  });

  it("applies what the status API says, not what the notification says", async () => {
    const o = w.addOrder();
    const pending = { ...settlement(o.orderId), transaction_status: "pending" as const };
    w.setStatus(pending);
    await w.service.notify(sign(settlement(o.orderId)), "ip");
    expect(w.applied).toEqual([o.orderId]);
    expect(w.orders.get(o.orderId)!.status).toBe("pending");
    expect(w.credits.written).toEqual([]);
    // A pending status cannot grant: the referrer's reward setting is not even read.
    expect(w.referralRewards).toEqual([]);
  });

  it("answers 503 when the status API cannot confirm, so Midtrans sends it again", async () => {
    const o = w.addOrder();
    w.setStatus(new MidtransError("unavailable", "timeout", 0));
    expect((await w.service.notify(sign(settlement(o.orderId)), "ip")).status).toBe(503);
    expect(w.applied).toEqual([]);
  });

  it("sends the receipt in the buyer's language once granted, and a mail failure loses nothing", async () => {
    const o = w.addOrder();
    w.setStatus(settlement(o.orderId));
    expect(await w.service.notify(sign(settlement(o.orderId)), "ip")).toEqual({
      status: 200,
      outcome: "granted",
    });
    expect(w.mails).toHaveLength(1);
    expect(w.orders.get(o.orderId)!.status).toBe("settlement");
    expect(w.credits.written).toEqual([
      expect.objectContaining({
        userId: "u1",
        delta: 200,
        description: `Pro - Bulanan (${o.orderId})`,
      }),
    ]);
    // The grant pays the buyer's referrer what a first purchase pays (the setting).
    expect(w.referralRewards).toEqual([5]);
    expect(w.mails[0]!.to).toBe("sari@example.com");
    expect(w.mails[0]!.text).toContain(o.orderId);

    const other = w.addOrder();
    w.setStatus(settlement(other.orderId));
    w.failMail();
    expect(await w.service.notify(sign(settlement(other.orderId)), "ip")).toEqual({
      status: 200,
      outcome: "granted",
    });
  });
});

describe("the buyer's page", () => {
  it("re-checks a pending order with the gateway at most every few seconds", async () => {
    const w = world();
    const o = w.addOrder();
    w.setStatus(null);
    await w.service.order("u1", o.orderId);
    await w.service.order("u1", o.orderId);
    expect(w.statusCalls).toHaveLength(1);
    w.advance(5000);
    await w.service.order("u1", o.orderId);
    expect(w.statusCalls).toHaveLength(2);
    expect(await w.service.order("someone-else", o.orderId)).toBeNull();
  });
});
