import { defaultPlans } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import type { MidtransTransaction } from "../../infra/payments/midtrans";
import { crc16, qrisPayload } from "../payment-simulator/qris";
import {
  decide,
  decideUnanswered,
  orderState,
  packageName,
  planViews,
  recheckAfterMs,
  type PaymentStatus,
} from "./payments.rules";

const order = (status: PaymentStatus) => ({ orderId: "RUPA-1", status, amountIdr: 199_000 });
const tx = (
  transaction_status: MidtransTransaction["transaction_status"],
  over: Partial<MidtransTransaction> = {},
): MidtransTransaction => ({
  order_id: "RUPA-1",
  status_code:
    transaction_status === "settlement" || transaction_status === "capture" ? "200" : "201",
  gross_amount: "199000.00",
  transaction_status,
  fraud_status: "accept",
  ...over,
});

describe("what a confirmed gateway status does to an order", () => {
  it.each([
    ["pending", tx("settlement"), { kind: "grant", status: "settlement" }],
    ["pending", tx("capture"), { kind: "grant", status: "capture" }],
    ["pending", tx("capture", { fraud_status: "challenge" }), { kind: "wait" }],
    ["pending", tx("capture", { fraud_status: "deny" }), { kind: "end", status: "deny" }],
    ["pending", tx("pending"), { kind: "wait" }],
    ["pending", tx("deny"), { kind: "end", status: "deny" }],
    ["pending", tx("expire"), { kind: "end", status: "expire" }],
    ["pending", tx("cancel"), { kind: "end", status: "cancel" }],
    ["pending", tx("refund"), { kind: "ignore", reason: "not_paid" }],
    ["settlement", tx("settlement"), { kind: "ignore", reason: "already_paid" }],
    ["settlement", tx("pending"), { kind: "ignore", reason: "not_pending" }],
    ["settlement", tx("expire"), { kind: "ignore", reason: "not_pending" }],
    ["settlement", tx("refund"), { kind: "refund", status: "refund" }],
    ["settlement", tx("partial_refund"), { kind: "refund", status: "partial_refund" }],
    ["expire", tx("settlement"), { kind: "ignore", reason: "order_ended" }],
    ["deny", tx("settlement"), { kind: "ignore", reason: "order_ended" }],
  ] as const)("order %s + %o → %o", (status, t, expected) => {
    expect(decide(order(status), t)).toEqual(expected);
  });

  it("grants nothing for a settlement whose status code or amount or order is off", () => {
    expect(decide(order("pending"), tx("settlement", { status_code: "201" }))).toEqual({
      kind: "wait",
    });
    expect(decide(order("pending"), tx("settlement", { gross_amount: "199000.50" }))).toEqual({
      kind: "ignore",
      reason: "amount_mismatch",
    });
    expect(decide(order("pending"), tx("settlement", { gross_amount: "1000.00" }))).toEqual({
      kind: "ignore",
      reason: "amount_mismatch",
    });
    expect(decide(order("pending"), tx("settlement", { order_id: "RUPA-2" }))).toEqual({
      kind: "ignore",
      reason: "order_mismatch",
    });
  });

  it("expires an order the gateway never heard of only after its checkout closed and the grace", () => {
    const createdAt = new Date("2026-11-24T00:00:00Z");
    const checkoutExpiresAt = new Date("2026-11-25T00:00:00Z");
    const o = { status: "pending" as const, createdAt, checkoutExpiresAt };
    expect(decideUnanswered(o, new Date("2026-11-25T00:10:00Z"))).toEqual({ kind: "wait" });
    expect(decideUnanswered(o, new Date("2026-11-25T00:16:00Z"))).toEqual({
      kind: "end",
      status: "expire",
    });
    expect(decideUnanswered({ ...o, status: "settlement" }, new Date("2027-01-01"))).toEqual({
      kind: "ignore",
      reason: "not_pending",
    });
  });

  it("asks again after a minute while fresh, a tenth of the age later, at most ten minutes", () => {
    const t0 = new Date("2026-11-24T00:00:00Z");
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60e3);
    expect(recheckAfterMs(t0, at(2))).toBe(60e3);
    expect(recheckAfterMs(t0, at(50))).toBe(5 * 60e3);
    expect(recheckAfterMs(t0, at(600))).toBe(10 * 60e3);
  });

  it("names states and packages as the buyer sees them", () => {
    expect(orderState("pending")).toBe("pending");
    expect(orderState("capture")).toBe("paid");
    expect(orderState("failure")).toBe("failed");
    expect(orderState("expire")).toBe("expired");
    expect(orderState("partial_refund")).toBe("refunded");
    expect(packageName("Pro", "monthly")).toBe("Pro - Bulanan");
    expect(packageName("Pro", "yearly")).toBe("Pro - Tahunan");
  });
});

describe("plans", () => {
  it("computes price per credit and the yearly saving against twelve monthly payments", () => {
    const views = planViews(defaultPlans);
    const starter = views.find((p) => p.id === "starter_monthly")!;
    expect(starter).toMatchObject({ pricePerCreditIdr: 1560, savingsIdr: null });
    for (const yearly of views.filter((p) => p.billingCycle === "yearly")) {
      const monthly = views.find((p) => p.id === `${yearly.tier}_monthly`)!;
      expect(yearly.credits).toBe(monthly.credits * 12);
      expect(yearly.savingsIdr).toBe(monthly.priceIdr * 12 - yearly.priceIdr);
      expect(yearly.discountPercent).toBe(20);
    }
  });
});

describe("QRIS", () => {
  it("checks with CRC-16/CCITT-FALSE", () => {
    expect(crc16("123456789")).toBe("29B1");
  });

  it("lays out the EMVCo fields with the amount, the reference and a valid checksum", () => {
    const payload = qrisPayload({
      merchantName: "RUPA SIMULATOR",
      city: "JAKARTA",
      amount: 39_000,
      reference: "RUPA-MFX3K2A1-7QZ0B9PL",
    });
    expect(payload.startsWith("000201010212")).toBe(true);
    expect(payload).toContain("540539000");
    expect(payload).toContain("5303360");
    expect(payload).toContain("5802ID");
    expect(payload).toContain("0122RUPA-MFX3K2A1-7QZ0B9PL");
    expect(payload.slice(-8, -4)).toBe("6304");
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  });
});
