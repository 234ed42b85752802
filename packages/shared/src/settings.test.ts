import { describe, expect, it } from "vitest";
import { defaultPlans, planListSchema, settingDefinitions, yearlyPrice } from "./settings";

describe("default settings", () => {
  it("every default passes its own validator", () => {
    for (const [key, def] of Object.entries(settingDefinitions)) {
      expect(def.schema.safeParse(def.default).success, key).toBe(true);
    }
  });

  it("plans follow docs/product/credits-and-plans.md", () => {
    expect(planListSchema.parse(defaultPlans)).toHaveLength(6);
    const byId = Object.fromEntries(defaultPlans.map((p) => [p.id, p]));
    expect(byId.starter_monthly).toMatchObject({ credits: 25, priceIdr: 39_000, validityDays: 30 });
    expect(byId.pro_monthly).toMatchObject({ credits: 200, priceIdr: 199_000, popular: true });
    expect(byId.business_monthly).toMatchObject({ credits: 600, priceIdr: 499_000 });
    expect(byId.pro_yearly).toMatchObject({
      credits: 2400,
      priceIdr: 1_910_000,
      validityDays: 365,
    });
    expect(yearlyPrice(39_000)).toBe(374_000);
  });

  it("rejects out-of-range and non-numeric values", () => {
    expect(settingDefinitions.signup_bonus_credits.schema.safeParse("-1").success).toBe(false);
    expect(settingDefinitions.signup_bonus_credits.schema.safeParse("abc").success).toBe(false);
    expect(settingDefinitions.custom_profession_enabled.schema.safeParse("yes").success).toBe(
      false,
    );
    expect(settingDefinitions.subscription_plans.schema.safeParse("[]").success).toBe(false);
    expect(settingDefinitions.subscription_plans.schema.safeParse("{").success).toBe(false);
  });
});
