import { LOCALE_TAG, type Lang } from "./i18n-core";

/** 1234567 -> "1.234.567" (id) or "1,234,567" (en). */
export function formatNumber(value: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALE_TAG[lang]).format(value);
}

/** Rupiah without decimals: 39000 -> "Rp 39.000" (spaces vary by runtime; do not compare text). */
export function formatRupiah(value: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALE_TAG[lang], {
    style: "currency",
    currency: "IDR",
    maximumFractionDigits: 0,
  }).format(value);
}

/** Day/month/year in both languages, as the spec asks for dates in lists: "21/11/2025". */
export function formatDate(value: Date | string | number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "id" ? "id-ID" : "en-GB", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date(value));
}
