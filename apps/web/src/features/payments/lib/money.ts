import type { Lang } from "@/lib/i18n-core";

/**
 * Rupiah as Indonesians write it, without decimals: 199000 -> "Rp 199.000" (Indonesian) or
 * "Rp 199,000" (English), with a no-break space so "Rp" never ends a line alone. Built by hand
 * rather than with Intl so the text is the same in every browser (Intl's IDR format differs in
 * spacing and symbol between engines).
 */
export function rupiah(amount: number, lang: Lang): string {
  const sign = amount < 0 ? "-" : "";
  const digits = String(Math.round(Math.abs(amount)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, lang === "id" ? "." : ",");
  return `${sign}Rp\u00a0${grouped}`;
}
