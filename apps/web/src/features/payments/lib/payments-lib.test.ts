import type { PlanView } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { daysLeft } from "./days-left";
import {
  FOLLOW_INTERVAL_MS,
  FOLLOW_LIMIT_MS,
  isFinalState,
  isGatewayReturn,
  orderIdFromSearch,
  pollDelay,
} from "./follow";
import { formatRupiah as format } from "@/lib/format";
import { packageName } from "./package-name";
import { monthlyEquivalent, plansForCycle, yearlyDiscount } from "./plans";

describe("rupiah", () => {
  it("groups thousands with dots in Indonesian and commas in English, without decimals", () => {
    // A no-break space keeps "Rp" with its amount.
    const rupiah = (amount: number, lang: "id" | "en") =>
      format(amount, lang).replace("\u00a0", " ");
    expect(format(199_000, "id")).toBe("Rp\u00a0199.000");
    expect(rupiah(199_000, "id")).toBe("Rp 199.000");
    expect(rupiah(1_910_000, "id")).toBe("Rp 1.910.000");
    expect(rupiah(199_000, "en")).toBe("Rp 199,000");
    expect(rupiah(995, "id")).toBe("Rp 995");
    expect(rupiah(0, "id")).toBe("Rp 0");
    expect(rupiah(994.6, "id")).toBe("Rp 995");
    expect(rupiah(-39_000, "id")).toBe("-Rp 39.000");
  });
});

describe("daysLeft", () => {
  // Local times: the count is in the reader's calendar days, whatever the hour.
  const now = new Date(2026, 10, 21, 15, 30);
  const inDays = (days: number, warn: boolean) => ({ kind: "days", days, warn });

  it("counts calendar days to the expiry", () => {
    expect(daysLeft(new Date(2026, 11, 21, 15, 30), now)).toEqual(inDays(30, false));
    // Tomorrow just after midnight is one day away, not zero.
    expect(daysLeft(new Date(2026, 10, 22, 0, 5), now)).toEqual(inDays(1, true));
    // Across a month and a year end.
    expect(daysLeft(new Date(2027, 0, 2, 9, 0), now)).toMatchObject({ kind: "days", days: 42 });
  });

  it("warns at 7 days or fewer, not at 8", () => {
    expect(daysLeft(new Date(2026, 10, 28, 8, 0), now)).toEqual(inDays(7, true));
    expect(daysLeft(new Date(2026, 10, 29, 8, 0), now)).toEqual(inDays(8, false));
  });

  it("says today for a later hour today, and expired once the time has passed", () => {
    expect(daysLeft(new Date(2026, 10, 21, 23, 59), now)).toEqual({ kind: "today", warn: true });
    expect(daysLeft(new Date(2026, 10, 21, 15, 30), now)).toEqual({ kind: "expired", warn: true });
    expect(daysLeft(new Date(2026, 10, 20, 23, 0), now)).toEqual({ kind: "expired", warn: true });
  });

  it("reads ISO strings", () => {
    const at = new Date("2026-11-21T08:00:00.000Z");
    expect(daysLeft("2026-11-24T08:00:00.000Z", at)).toMatchObject({ kind: "days", days: 3 });
  });
});

describe("packageName", () => {
  it("joins the plan's name and the translated cycle", () => {
    const id = { monthly: "Bulanan", yearly: "Tahunan" };
    expect(packageName("Pro", "monthly", id)).toBe("Pro - Bulanan");
    expect(packageName("Business", "yearly", id)).toBe("Business - Tahunan");
    expect(packageName("Pro", "monthly", { monthly: "Monthly", yearly: "Yearly" })).toBe(
      "Pro - Monthly",
    );
  });
});

describe("plans", () => {
  const plan = (over: Partial<PlanView>): PlanView => ({
    id: "pro_monthly",
    name: "Pro",
    tier: "pro",
    billingCycle: "monthly",
    credits: 200,
    priceIdr: 199_000,
    validityDays: 30,
    popular: true,
    pricePerCreditIdr: 995,
    savingsIdr: null,
    discountPercent: null,
    ...over,
  });
  const plans = [
    plan({ id: "business_monthly", tier: "business", priceIdr: 499_000 }),
    plan({ id: "starter_monthly", tier: "starter", priceIdr: 39_000 }),
    plan({ id: "pro_monthly" }),
    plan({
      id: "pro_yearly",
      billingCycle: "yearly",
      priceIdr: 1_910_000,
      savingsIdr: 478_000,
      discountPercent: 20,
    }),
    plan({
      id: "starter_yearly",
      billingCycle: "yearly",
      priceIdr: 374_000,
      savingsIdr: 94_000,
      discountPercent: 19,
    }),
  ];

  it("lists one cycle's plans, cheapest first", () => {
    expect(plansForCycle(plans, "monthly").map((p) => p.id)).toEqual([
      "starter_monthly",
      "pro_monthly",
      "business_monthly",
    ]);
    expect(plansForCycle(plans, "yearly").map((p) => p.id)).toEqual([
      "starter_yearly",
      "pro_yearly",
    ]);
  });

  it("takes the toggle's badge from the largest yearly discount", () => {
    expect(yearlyDiscount(plans)).toBe(20);
    expect(yearlyDiscount(plansForCycle(plans, "monthly"))).toBeNull();
  });

  it("spreads a yearly price over twelve months", () => {
    expect(monthlyEquivalent({ priceIdr: 1_910_000, billingCycle: "yearly" })).toBe(159_167);
    expect(monthlyEquivalent({ priceIdr: 199_000, billingCycle: "monthly" })).toBe(199_000);
  });
});

describe("following an order", () => {
  it("polls a pending order every few seconds, and stops when it is final", () => {
    expect(isFinalState("pending")).toBe(false);
    for (const state of ["paid", "failed", "expired", "refunded"] as const) {
      expect(isFinalState(state)).toBe(true);
      expect(pollDelay(state, 0, 1_000)).toBe(false);
    }
    expect(pollDelay("pending", 0, 1_000)).toBe(FOLLOW_INTERVAL_MS);
    // Not known yet: keep asking.
    expect(pollDelay(undefined, 0, 1_000)).toBe(FOLLOW_INTERVAL_MS);
  });

  it("stops asking by itself after 15 minutes", () => {
    expect(pollDelay("pending", 0, FOLLOW_LIMIT_MS - 1)).toBe(FOLLOW_INTERVAL_MS);
    expect(pollDelay("pending", 0, FOLLOW_LIMIT_MS)).toBe(false);
    expect(FOLLOW_LIMIT_MS).toBe(900_000);
  });

  it("reads the gateway's finish redirect", () => {
    const back = new URLSearchParams(
      "order_id=RUPA-MFX3K2A1-7QZ0B9PL&status_code=200&transaction_status=settlement",
    );
    expect(orderIdFromSearch(back)).toBe("RUPA-MFX3K2A1-7QZ0B9PL");
    expect(isGatewayReturn(back)).toBe(true);
    expect(isGatewayReturn(new URLSearchParams("order_id=RUPA-MFX3K2A1-7QZ0B9PL"))).toBe(false);
    expect(orderIdFromSearch(new URLSearchParams("order_id=<script>"))).toBeNull();
    expect(orderIdFromSearch(new URLSearchParams(""))).toBeNull();
  });
});
