import type { Translate } from "@/lib/i18n";
import { creditCost } from "@/lib/kanvas-price";

/**
 * The Generate button's words: "Buat 4 gambar · 4 kredit" (count × the price per picture from
 * the `kanvas_credits_per_image` setting). Without the price yet, only the pictures.
 */
export function generateLabel(t: Translate, count: number, pricePerImage: number | null): string {
  const pictures =
    count === 1 ? t("kanvas.generate.imagesOne") : t("kanvas.generate.images", { count });
  if (pricePerImage === null) return pictures;
  return `${pictures} · ${creditCost(t, count * pricePerImage)}`;
}
