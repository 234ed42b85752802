import type { BillingCycle } from "@rupa/shared";

/**
 * A package's name (docs/product/credits-and-plans.md): the plan's name and its cycle,
 * "Pro - Bulanan" ("Pro - Monthly" in English). `cycles` are the translated cycle names
 * (`payments.cycle.*`).
 */
export function packageName(
  planName: string,
  billingCycle: BillingCycle,
  cycles: Record<BillingCycle, string>,
): string {
  return `${planName} - ${cycles[billingCycle]}`;
}
