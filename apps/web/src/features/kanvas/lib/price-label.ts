import type { MessageKey, Vars } from "@/lib/i18n";

type T = (key: MessageKey, vars?: Vars) => string;

/**
 * The Generate button's words: "Buat 4 gambar · 4 kredit" (count × the price per picture from
 * the `kanvas_credits_per_image` setting). Without the price yet, only the pictures.
 */
export function generateLabel(t: T, count: number, pricePerImage: number | null): string {
  const pictures =
    count === 1 ? t("kanvas.generate.imagesOne") : t("kanvas.generate.images", { count });
  if (pricePerImage === null) return pictures;
  const credits = count * pricePerImage;
  const cost =
    credits === 0
      ? t("kanvas.generate.free")
      : credits === 1
        ? t("kanvas.generate.creditsOne")
        : t("kanvas.generate.credits", { credits });
  return `${pictures} · ${cost}`;
}
