import type { Lang } from "@/lib/i18n-core";

/**
 * Date and time to the minute, in Jakarta time: "21/11/2025 14.05" (id), "21/11/2025, 14:05"
 * (en). Admin-only, so it lives here rather than in lib/format.ts, which the landing page loads.
 */
export function formatDateTime(value: Date | string | number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "id" ? "id-ID" : "en-GB", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Asia/Jakarta",
  }).format(new Date(value));
}
