import { LOCALE_TAG, type Lang } from "@/lib/i18n-core";

/** A date spelled out for "berlaku sampai": "21 Desember 2026" / "December 21, 2026". */
export function longDate(value: Date | string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALE_TAG[lang], { dateStyle: "long" }).format(new Date(value));
}
