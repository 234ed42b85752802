import { useId } from "react";
import { formatNumber } from "@/lib/format";
import type { Lang } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useAdminI18n } from "../../lib/admin-i18n";

export interface DailyValue {
  /** A Jakarta day, `YYYY-MM-DD`. */
  date: string;
  value: number;
}

/** "24/11": a day of a long range (the day is a calendar day, so formatted in UTC). */
export function shortDate(date: string): string {
  const [, m, d] = date.split("-");
  return `${d}/${m}`;
}

/** "Sel" / "Tue" and "24": a day of a week, on two lines under its bar. */
export function weekdayParts(date: string, lang: Lang): { weekday: string; day: string } {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = new Intl.DateTimeFormat(lang === "id" ? "id-ID" : "en-GB", {
    weekday: "short",
    timeZone: "UTC",
  })
    .format(d)
    .replace(/\.$/, "");
  return { weekday, day: String(d.getUTCDate()) };
}

/** The last `n` days in Asia/Jakarta (UTC+7, no daylight saving), oldest first, today last. */
export function lastJakartaDays(n: number, now = Date.now()): string[] {
  const today = Date.parse(new Date(now + 7 * 3_600_000).toISOString().slice(0, 10));
  return Array.from({ length: n }, (_, i) =>
    new Date(today - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** A full date for screen readers and tooltips: "Senin, 24 November 2026". */
export function fullDay(date: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "id" ? "id-ID" : "en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * Daily bars scaled to the range's highest day, drawn with plain CSS. Every bar carries its
 * value as text (printed above the bar for short ranges, in its label and tooltip for long
 * ones), and "Show as table" lists every day: the colour is never the only way to read it.
 */
export function DailyBars({
  title,
  values,
  tone = "primary",
  height = "h-40",
}: {
  title: string;
  values: DailyValue[];
  tone?: "primary" | "accent";
  height?: string;
}) {
  const { t, lang } = useAdminI18n();
  const id = useId();
  const max = Math.max(0, ...values.map((v) => v.value));
  const total = values.reduce((n, v) => n + v.value, 0);
  const long = values.length > 14;
  // Long ranges label every few days so the labels never overlap.
  const labelEvery = values.length > 60 ? 14 : values.length > 14 ? 7 : 1;
  const fmt = (n: number) => formatNumber(n, lang);

  return (
    <figure aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span id={`${id}-title`} className="font-semibold">
          {title}
        </span>
        <span className="text-xs text-muted-foreground tabular-nums">
          {t("analytics.charts.summary", { total: fmt(total), max: fmt(max) })}
        </span>
      </figcaption>
      <ol
        aria-label={title}
        className={cn("flex items-end border-b border-border", long ? "gap-px" : "gap-1.5", height)}
      >
        {values.map((v, i) => {
          const pct = max === 0 ? 0 : (v.value / max) * 100;
          const label = t("analytics.charts.bar", {
            date: fullDay(v.date, lang),
            count: fmt(v.value),
          });
          return (
            <li
              key={v.date}
              title={label}
              data-testid="daily-bar"
              data-value={v.value}
              className="group relative flex h-full min-w-0 flex-1 flex-col items-center justify-end"
            >
              <span className="sr-only">{label}</span>
              {!long && (
                <span aria-hidden className="mb-1 text-xs font-semibold tabular-nums">
                  {fmt(v.value)}
                </span>
              )}
              <span
                aria-hidden
                style={{ height: `${pct}%` }}
                className={cn(
                  "w-full rounded-t-md transition-[height] motion-reduce:transition-none",
                  long ? "min-h-px rounded-t-sm" : "max-w-12 min-h-0.5",
                  v.value === 0 && "bg-muted",
                  v.value > 0 && (tone === "primary" ? "bg-primary" : "bg-accent"),
                  long && "group-hover:opacity-80",
                )}
              />
              {i % labelEvery === 0 && long && (
                <span
                  aria-hidden
                  className="absolute -bottom-5 left-0 text-[10px] whitespace-nowrap text-muted-foreground tabular-nums"
                >
                  {shortDate(v.date)}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {!long ? (
        <div aria-hidden className="flex gap-1.5">
          {values.map((v) => {
            const { weekday, day } = weekdayParts(v.date, lang);
            return (
              <span
                key={v.date}
                className="flex min-w-0 flex-1 flex-col items-center text-[11px] leading-tight text-muted-foreground"
              >
                <span className="max-w-full truncate">{weekday}</span>
                <span className="font-semibold tabular-nums">{day}</span>
              </span>
            );
          })}
        </div>
      ) : (
        <div aria-hidden className="h-3" />
      )}
      <details className={cn("text-sm", values.length === 0 && "hidden")}>
        <summary className="w-fit cursor-pointer text-xs font-semibold text-primary select-none">
          {t("analytics.charts.showTable")}
        </summary>
        <div className="mt-2 max-h-64 overflow-y-auto rounded-xl border border-border/70">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-muted text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-semibold">
                  {t("analytics.charts.day")}
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-semibold">
                  {t("analytics.charts.count")}
                </th>
              </tr>
            </thead>
            <tbody>
              {values.map((v) => (
                <tr key={v.date} className="border-t border-border/60">
                  <td className="px-3 py-1.5">{fullDay(v.date, lang)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{fmt(v.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
