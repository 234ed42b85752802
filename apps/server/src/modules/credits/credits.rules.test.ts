import { describe, expect, it } from "vitest";
import {
  compareLots,
  type LotState,
  paidLots,
  planSpend,
  planSpends,
  summarize,
} from "./credits.rules";

const now = new Date("2026-11-21T00:00:00Z");
const day = 86_400_000;
let seq = 0;
function lot(p: Partial<LotState>): LotState {
  seq += 1;
  return {
    id: `lot${seq}`,
    remaining: 1,
    watermarked: false,
    expiresAt: null,
    createdAt: new Date(now.getTime() - 10 * day + seq),
    ...p,
  };
}

describe("credit ledger rules", () => {
  it("counts only unexpired remaining credits", () => {
    const s = summarize(
      [
        lot({ remaining: 5 }),
        lot({ remaining: 3, expiresAt: new Date(now.getTime() - 1) }),
        lot({ remaining: 0 }),
        lot({ remaining: 2, expiresAt: new Date(now.getTime() + day) }),
      ],
      now,
    );
    expect(s.balance).toBe(7);
    expect(s.nextExpiry).toEqual(new Date(now.getTime() + day));
  });

  it("pays from paid lots only when free credits may not pay (a watermark's removal)", () => {
    const free = lot({ remaining: 5, watermarked: true, expiresAt: new Date(now.getTime() + day) });
    const paid = lot({ remaining: 2 });
    expect(paidLots([free, paid])).toEqual([paid]);
    // Free credits alone cannot pay, however many.
    expect(planSpend(paidLots([free]), 1, now)).toBeNull();
    // The paid lot pays although the free one expires first (the usual order would take it).
    expect(planSpend([free, paid], 1, now)!.allocations).toEqual([{ lotId: free.id, amount: 1 }]);
    expect(planSpend(paidLots([free, paid]), 1, now)).toEqual({
      allocations: [{ lotId: paid.id, amount: 1 }],
      watermarked: false,
    });
  });

  it("treats a lot expiring exactly now as expired", () => {
    expect(summarize([lot({ remaining: 4, expiresAt: now })], now).balance).toBe(0);
  });

  it("spends the lot that expires first, never-expiring last", () => {
    const forever = lot({ remaining: 10 });
    const soon = lot({ remaining: 1, expiresAt: new Date(now.getTime() + day) });
    const later = lot({ remaining: 5, expiresAt: new Date(now.getTime() + 30 * day) });
    const plan = planSpend([forever, later, soon], 3, now)!;
    expect(plan.allocations).toEqual([
      { lotId: soon.id, amount: 1 },
      { lotId: later.id, amount: 2 },
    ]);
  });

  it("among equal expiries spends watermarked lots first", () => {
    const paid = lot({ remaining: 5, watermarked: false });
    const free = lot({ remaining: 5, watermarked: true });
    expect(planSpend([paid, free], 1, now)!.allocations).toEqual([{ lotId: free.id, amount: 1 }]);
    expect(compareLots(free, paid)).toBeLessThan(0);
  });

  it("marks a spend watermarked only when every credit held is watermarked", () => {
    const free = lot({ remaining: 5, watermarked: true });
    expect(planSpend([free], 1, now)!.watermarked).toBe(true);
    const paid = lot({ remaining: 1, watermarked: false });
    // The free credit is spent first, but the user also holds a paid one: no watermark.
    expect(planSpend([free, paid], 1, now)!.watermarked).toBe(false);
    // An expired paid lot does not count as held.
    const expiredPaid = lot({ remaining: 9, expiresAt: new Date(now.getTime() - day) });
    expect(planSpend([free, expiredPaid], 1, now)!.watermarked).toBe(true);
    expect(summarize([free, expiredPaid], now).watermarkedOnly).toBe(true);
  });

  it("never plans a negative balance", () => {
    expect(planSpend([lot({ remaining: 2 })], 3, now)).toBeNull();
    expect(planSpend([], 1, now)).toBeNull();
    expect(
      planSpend([lot({ remaining: 5, expiresAt: new Date(now.getTime() - 1) })], 1, now),
    ).toBeNull();
    expect(() => planSpend([lot({ remaining: 5 })], 0, now)).toThrow();
    expect(() => planSpend([lot({ remaining: 5 })], -1, now)).toThrow();
  });

  it("plans several spends in turn from the same lots, or none when they cannot all be paid", () => {
    const paid = lot({ remaining: 1, expiresAt: new Date(now.getTime() + day) });
    const free = lot({ remaining: 2, watermarked: true });
    const plans = planSpends([paid, free], [1, 1, 1], now)!;
    expect(plans.map((p) => p.allocations)).toEqual([
      [{ lotId: paid.id, amount: 1 }],
      [{ lotId: free.id, amount: 1 }],
      [{ lotId: free.id, amount: 1 }],
    ]);
    // The first is paid while a paid credit is held; the others from watermarked ones only.
    expect(plans.map((p) => p.watermarked)).toEqual([false, true, true]);
    expect(paid.remaining).toBe(1);
    expect(planSpends([paid, free], [1, 1, 1, 1], now)).toBeNull();
    expect(planSpends([paid, free], [2, 2], now)).toBeNull();
  });

  it("reports an empty balance as not watermarked-only", () => {
    expect(summarize([], now)).toEqual({ balance: 0, watermarkedOnly: false, nextExpiry: null });
  });
});
