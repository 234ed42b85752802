import { describe, expect, it } from "vitest";
import { planRefund, refundBlocker, refundKey, REFUND_WINDOW_DAYS } from "./payments.rules";

const now = new Date("2026-11-28T03:00:00Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

describe("refund rules (ADR 043)", () => {
  it("derives one refund_key per order, in Midtrans' allowed characters", () => {
    expect(refundKey("RUPA-MFX3K2A1-7QZ0B9PL")).toBe("RUPA-MFX3K2A1-7QZ0B9PL-refund");
    expect(refundKey("RUPA-MFX3K2A1-7QZ0B9PL")).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it("refunds only paid orders, once", () => {
    const paid = { state: "paid" as const, method: "qris", paidAt: daysAgo(1) };
    expect(planRefund(paid, false, now)).toEqual({ ok: true, via: "gateway" });
    expect(planRefund({ ...paid, state: "refunded" }, true, now)).toMatchObject({
      ok: false,
      why: "already_refunded",
    });
    for (const state of ["pending", "failed", "expired"] as const)
      expect(planRefund({ ...paid, state }, true, now)).toMatchObject({
        ok: false,
        why: "not_paid",
      });
  });

  it("sends virtual accounts, bills and stores to the manual path", () => {
    for (const method of ["bank_transfer", "echannel", "cstore", null]) {
      const o = { state: "paid" as const, method, paidAt: daysAgo(0) };
      expect(planRefund(o, false, now)).toEqual({
        ok: false,
        why: "needs_manual",
        blocker: "method_not_refundable",
      });
      expect(planRefund(o, true, now)).toEqual({ ok: true, via: "manual" });
    }
  });

  it("closes each method's window after its days", () => {
    for (const [method, days] of Object.entries(REFUND_WINDOW_DAYS)) {
      expect(refundBlocker({ method, paidAt: daysAgo(days - 0.01) }, now).blocker).toBeNull();
      const late = refundBlocker({ method, paidAt: daysAgo(days + 0.01) }, now);
      expect(late.blocker).toBe("window_passed");
      expect(planRefund({ state: "paid", method, paidAt: daysAgo(days + 1) }, false, now)).toEqual({
        ok: false,
        why: "needs_manual",
        blocker: "window_passed",
      });
    }
    expect(REFUND_WINDOW_DAYS).toEqual({ qris: 7, gopay: 45, shopeepay: 365 });
  });
});
