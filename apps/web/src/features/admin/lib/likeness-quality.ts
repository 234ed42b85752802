import type { LikenessQuality } from "@rupa/shared";
import { LOCALE_TAG, type Lang } from "@/lib/i18n-core";
import { formatNumber } from "@/lib/format";

/** What the admin shows for a figure that does not exist (nothing was checked). */
export const NO_FIGURE = "—";

/** 37.5 → "37,5%" (id) or "37.5%" (en). */
export function formatPercent(value: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALE_TAG[lang], {
    style: "percent",
    maximumFractionDigits: 1,
  }).format(value / 100);
}

/**
 * Garansi Mirip's figures as the admin reads them (Analytics' table, the AI settings cards): the
 * count, the median score and the two rates in the admin's language, "—" where nothing was
 * checked.
 */
export function likenessFigures(q: LikenessQuality, lang: Lang) {
  return {
    checked: formatNumber(q.checked, lang),
    median: q.medianScore === null ? NO_FIGURE : formatNumber(q.medianScore, lang),
    redo: q.redoRate === null ? NO_FIGURE : formatPercent(q.redoRate, lang),
    refund: q.refundRate === null ? NO_FIGURE : formatPercent(q.refundRate, lang),
  };
}
