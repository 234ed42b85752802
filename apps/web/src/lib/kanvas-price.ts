import type { Translate } from "./i18n";

/**
 * A number of credits in words: "gratis", "1 kredit", "4 kredit". The one wording of a Kanvas
 * cost, used by the Generate button and the price sentence below.
 */
export function creditCost(t: Translate, credits: number): string {
  if (credits === 0) return t("kanvas.generate.free");
  if (credits === 1) return t("kanvas.generate.creditsOne");
  return t("kanvas.generate.credits", { credits });
}

/**
 * What one Kanvas picture costs, as the FAQ, the Kanvas page and the credits page all say it:
 * "Setiap gambar Kanvas memakai 1 kredit." The price is the `kanvas_credits_per_image` setting
 * (`kanvasCreditsPerImage` in /api/styles/summary), the one every run is charged.
 */
export function kanvasPriceSentence(t: Translate, pricePerImage: number): string {
  if (pricePerImage <= 0) return t("kanvas.price.free");
  return t("kanvas.price.perPicture", { cost: creditCost(t, pricePerImage) });
}
