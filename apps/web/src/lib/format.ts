import { LOCALE_TAG, type Lang } from "./i18n-core";

/** 1234567 -> "1.234.567" (id) or "1,234,567" (en). */
export function formatNumber(value: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALE_TAG[lang]).format(value);
}

/**
 * Rupiah as Indonesians write it, without decimals: 199000 -> "Rp 199.000" (id) or
 * "Rp 199,000" (en), with a no-break space so "Rp" never ends a line alone. Built by hand rather
 * than with Intl, whose IDR format differs in spacing and symbol between engines.
 */
export function formatRupiah(amount: number, lang: Lang): string {
  const sign = amount < 0 ? "-" : "";
  const digits = String(Math.round(Math.abs(amount)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, lang === "id" ? "." : ",");
  return `${sign}Rp\u00a0${grouped}`;
}

/**
 * Day/month/year in both languages, as docs/product/data.md asks for dates in lists: "21/11/2025".
 */
export function formatDate(value: Date | string | number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "id" ? "id-ID" : "en-GB", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date(value));
}
