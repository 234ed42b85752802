import { z } from "zod";
import { DEFAULT_LIKENESS_MAX_DISTANCE } from "./likeness";

/** Plan ids are `{tier}_{cycle}`; prices in whole rupiah. */
export const planTiers = ["starter", "pro", "business"] as const;
export const billingCycles = ["monthly", "yearly"] as const;
export type PlanTier = (typeof planTiers)[number];
export type BillingCycle = (typeof billingCycles)[number];

export const planSchema = z.object({
  id: z.string().regex(/^(starter|pro|business)_(monthly|yearly)$/),
  name: z.string().min(1),
  tier: z.enum(planTiers),
  billingCycle: z.enum(billingCycles),
  credits: z.number().int().positive(),
  priceIdr: z.number().int().positive(),
  validityDays: z.number().int().positive(),
  popular: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema).min(1);

const monthly = [
  { tier: "starter", name: "Starter", credits: 25, priceIdr: 39_000, popular: false },
  { tier: "pro", name: "Pro", credits: 200, priceIdr: 199_000, popular: true },
  { tier: "business", name: "Business", credits: 600, priceIdr: 499_000, popular: false },
] as const;

/** The yearly twin: 12x the credits for 12x the monthly price less 20%, rounded to IDR 1,000. */
export function yearlyPrice(monthlyPriceIdr: number): number {
  return Math.round((monthlyPriceIdr * 12 * 0.8) / 1000) * 1000;
}

export const defaultPlans: Plan[] = monthly.flatMap((p) => [
  {
    id: `${p.tier}_monthly`,
    name: p.name,
    tier: p.tier,
    billingCycle: "monthly" as const,
    credits: p.credits,
    priceIdr: p.priceIdr,
    validityDays: 30,
    popular: p.popular,
  },
  {
    id: `${p.tier}_yearly`,
    name: p.name,
    tier: p.tier,
    billingCycle: "yearly" as const,
    credits: p.credits * 12,
    priceIdr: yearlyPrice(p.priceIdr),
    validityDays: 365,
    popular: p.popular,
  },
]);

const intString = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/)
    .refine((v) => Number(v) >= min && Number(v) <= max, { message: `must be ${min}..${max}` });
const boolString = z.enum(["true", "false"]);
/** A decimal between min and max, as text ("0.6"). */
const decimalString = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d{1,3})?$/)
    .refine((v) => Number(v) >= min && Number(v) <= max, { message: `must be ${min}..${max}` });

/**
 * Every app setting: its validator and its default value (stored as text, as docs/product/data.md
 * says).
 */
export const settingDefinitions = {
  signup_bonus_credits: { schema: intString(0, 1000), default: "5" },
  kanvas_credits_per_image: { schema: intString(0, 1000), default: "1" },
  avatar_credits_per_image: { schema: intString(1, 1000), default: "1" },
  guest_ip_daily_cap: { schema: intString(0, 1000), default: "3" },
  /** New accounts per network address per day: generous, as carrier NAT shares addresses. */
  signup_ip_daily_cap: { schema: intString(1, 100_000), default: "20" },
  custom_profession_enabled: { schema: boolString, default: "true" },
  referral_reward_every: { schema: intString(1, 100), default: "3" },
  referral_reward_credits: { schema: intString(0, 1000), default: "5" },
  rate_limit_auth_per_15min: { schema: intString(1, 10_000), default: "10" },
  rate_limit_generation_per_hour: { schema: intString(1, 10_000), default: "30" },
  /**
   * The API-wide limit (docs/decisions/018): requests to /api/* per signed-in user, or per network
   * address for visitors, per hour. A limit of 100 is used up by a screen or two of this app
   * (docs/product/data.md).
   */
  rate_limit_api_enabled: { schema: boolString, default: "true" },
  rate_limit_api_per_hour: { schema: intString(1, 1_000_000), default: "3000" },
  /** Off: a new e-mail account is usable at once, without confirming its e-mail (ADR 018). */
  email_verification_required: { schema: boolString, default: "true" },
  /** Failed sign-ins on many accounts from one address flag it and block its sign-ins. */
  suspicious_activity_detection: { schema: boolString, default: "true" },
  rate_limit_feedback_per_hour: { schema: intString(1, 10_000), default: "5" },
  /**
   * The payment simulator hands out credits for free: outside production it stands in whenever
   * no Midtrans keys are set; in production only when an operator turns this on for a demo.
   */
  payment_simulator_in_production: { schema: boolString, default: "false" },
  /**
   * Garansi Mirip (ADR 038): the largest face-descriptor distance a photoreal result may be from
   * the member's photo before it is made again (and then refunded). Larger keeps more results.
   */
  likeness_max_distance: {
    schema: decimalString(0.2, 1.2),
    default: String(DEFAULT_LIKENESS_MAX_DISTANCE),
  },
  /**
   * Rupa's business details printed on every receipt (docs/product/credits-and-plans.md,
   * Receipts): the seller's name, address, tax number (NPWP; empty: not printed) and contact.
   */
  business_name: { schema: z.string().trim().min(1).max(120), default: "Rupa" },
  business_address: { schema: z.string().trim().max(300), default: "Jakarta, Indonesia" },
  business_tax_id: { schema: z.string().trim().max(40), default: "" },
  business_email: { schema: z.string().trim().max(120), default: "halo@rupa.id" },
  subscription_plans: {
    schema: z.string().refine((v) => {
      try {
        return planListSchema.safeParse(JSON.parse(v)).success;
      } catch {
        return false;
      }
    }, "must be a JSON list of plans"),
    default: JSON.stringify(defaultPlans),
  },
} as const satisfies Record<string, { schema: z.ZodType<string>; default: string }>;

export type SettingKey = keyof typeof settingDefinitions;
export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];
