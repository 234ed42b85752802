import { ANALYTICS_RANGES } from "@rupa/shared";
import { ToggleGroup } from "../../components/toggle-group";
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
    <ToggleGroup
      label={t("analytics.rangeLabel")}
      options={ANALYTICS_RANGES.map((r) => ({ value: r, label: t(`analytics.ranges.${r}`) }))}
      value={value}
      onChange={onChange}
    />
  );
}
