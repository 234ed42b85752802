import { ANALYTICS_RANGES } from "@rupa/shared";
import { cn } from "@/lib/utils";
import { useAdminI18n } from "../../lib/admin-i18n";

export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** `?range=` as one of the presets; anything else is the default 7 days. */
export function parseRange(value: string | null): AnalyticsRange {
  const n = Number(value);
  return (ANALYTICS_RANGES as readonly number[]).includes(n) ? (n as AnalyticsRange) : 7;
}

/** 7 / 30 / 90 days as a group of toggle buttons. */
export function RangePicker({
  value,
  onChange,
}: {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}) {
  const { t } = useAdminI18n();
  return (
    <div
      role="group"
      aria-label={t("analytics.rangeLabel")}
      className="inline-flex w-full rounded-xl border border-input bg-card p-1 sm:w-auto"
    >
      {ANALYTICS_RANGES.map((r) => (
        <button
          key={r}
          type="button"
          aria-pressed={r === value}
          onClick={() => onChange(r)}
          className={cn(
            "min-h-9 flex-1 rounded-lg px-4 text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 sm:flex-none",
            r === value ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted",
          )}
        >
          {t(`analytics.ranges.${r}`)}
        </button>
      ))}
    </div>
  );
}
