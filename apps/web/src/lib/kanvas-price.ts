import type { Translate } from "./i18n";

/**
 * What one Kanvas picture costs, as the FAQ, the Kanvas page and the credits page all say it:
 * "Setiap gambar Kanvas memakai 1 kredit." The price is the `kanvas_credits_per_image` setting
 * (`kanvasCreditsPerImage` in /api/styles/summary), the one every run is charged.
 */
export function kanvasPriceSentence(t: Translate, pricePerImage: number): string {
  if (pricePerImage <= 0) return t("kanvas.price.free");
  const cost =
    pricePerImage === 1
      ? t("kanvas.price.creditsOne")
      : t("kanvas.price.credits", { n: pricePerImage });
  return t("kanvas.price.perPicture", { cost });
}
