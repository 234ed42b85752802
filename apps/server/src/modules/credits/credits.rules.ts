/**
 * The credit ledger's rules as pure functions (docs/product/credits-and-plans.md): balance is what
 * remains in unexpired lots; spending takes the lot that expires first and, among equal expiries,
 * watermarked lots first; a spend is watermarked when every credit held is watermarked.
 */
export interface LotState {
  id: string;
  remaining: number;
  watermarked: boolean;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface SpendPlan {
  allocations: { lotId: string; amount: number }[];
  /** Every credit the user held at the moment of spending was watermarked. */
  watermarked: boolean;
}

export function usableLots(lots: LotState[], now: Date): LotState[] {
  return lots.filter((l) => l.remaining > 0 && (l.expiresAt === null || l.expiresAt > now));
}

/** The lots without a watermark: what pays for a watermark's removal (ADR 036). */
export function paidLots<L extends Pick<LotState, "watermarked">>(lots: L[]): L[] {
  return lots.filter((l) => !l.watermarked);
}

/** Spend order: earliest expiry first (never-expiring last), watermarked first, oldest first. */
export function compareLots(a: LotState, b: LotState): number {
  const ea = a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const eb = b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (ea !== eb) return ea < eb ? -1 : 1;
  if (a.watermarked !== b.watermarked) return a.watermarked ? -1 : 1;
  return a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);
}

/** Which lots pay for `amount` credits, or null when the balance is too low. */
export function planSpend(lots: LotState[], amount: number, now: Date): SpendPlan | null {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error("Spend amount must be a positive integer");
  const usable = usableLots(lots, now).sort(compareLots);
  const total = usable.reduce((s, l) => s + l.remaining, 0);
  if (total < amount) return null;
  const allocations: SpendPlan["allocations"] = [];
  let left = amount;
  for (const lot of usable) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    allocations.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  return { allocations, watermarked: usable.every((l) => l.watermarked) };
}

/**
 * Several spends one after the other from the same lots, all or none (a set of avatars paid
 * together): each one's plan, as if paid in turn, or null when the lots cannot pay for all.
 */
export function planSpends(lots: LotState[], amounts: number[], now: Date): SpendPlan[] | null {
  const left = lots.map((l) => ({ ...l }));
  const plans: SpendPlan[] = [];
  for (const amount of amounts) {
    const plan = planSpend(left, amount, now);
    if (!plan) return null;
    for (const a of plan.allocations) left.find((l) => l.id === a.lotId)!.remaining -= a.amount;
    plans.push(plan);
  }
  return plans;
}

export interface CreditSummaryValue {
  balance: number;
  watermarkedOnly: boolean;
  nextExpiry: Date | null;
}

export function summarize(lots: LotState[], now: Date): CreditSummaryValue {
  const usable = usableLots(lots, now);
  const balance = usable.reduce((s, l) => s + l.remaining, 0);
  const expiries = usable.map((l) => l.expiresAt).filter((d): d is Date => d !== null);
  return {
    balance,
    watermarkedOnly: balance > 0 && usable.every((l) => l.watermarked),
    nextExpiry: expiries.length ? new Date(Math.min(...expiries.map((d) => d.getTime()))) : null,
  };
}

/**
 * The lot that gives a spend back: the same number of credits, watermarked if any credit the
 * spend used was, expiring with the latest of them (never, if any of them never expired).
 */
export function refundLot(
  spend: { amount: number; reason: string; description: string },
  used: readonly { watermarked: boolean; expiresAt: Date | null }[],
): { amount: number; watermarked: boolean; expiresAt: Date | null; description: string } {
  const neverExpires = used.some((u) => u.expiresAt === null);
  const latest = used.reduce<Date | null>(
    (m, u) => (u.expiresAt && (!m || u.expiresAt > m) ? u.expiresAt : m),
    null,
  );
  return {
    amount: spend.amount,
    watermarked: used.some((u) => u.watermarked),
    expiresAt: neverExpires ? null : latest,
    description: `Refund: ${spend.description || spend.reason}`,
  };
}
