import type { BillingCycle, PlanView } from "@rupa/shared";

/** The plans of one billing cycle, cheapest first (Starter, Pro, Business). */
export function plansForCycle(plans: readonly PlanView[], cycle: BillingCycle): PlanView[] {
  return plans.filter((p) => p.billingCycle === cycle).sort((a, b) => a.priceIdr - b.priceIdr);
}

/** The largest yearly discount in whole percent (the toggle's "-20%" badge), or null. */
export function yearlyDiscount(plans: readonly PlanView[]): number | null {
  const discounts = plans
    .filter((p) => p.billingCycle === "yearly" && p.discountPercent !== null)
    .map((p) => p.discountPercent!);
  return discounts.length > 0 ? Math.max(...discounts) : null;
}

/** What a yearly plan costs per month, rounded to whole rupiah. */
export function monthlyEquivalent(plan: Pick<PlanView, "priceIdr" | "billingCycle">): number {
  return plan.billingCycle === "yearly" ? Math.round(plan.priceIdr / 12) : plan.priceIdr;
}
