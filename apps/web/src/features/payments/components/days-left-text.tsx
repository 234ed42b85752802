import { AlarmClock, CalendarClock } from "lucide-react";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { daysLeft } from "../lib/days-left";

/** "30 hari lagi", "Berakhir hari ini" or "Telah berakhir"; orange at 7 days or fewer. */
export function DaysLeftText({
  expiresAt,
  now,
  className,
}: {
  expiresAt: string;
  now: number;
  className?: string;
}) {
  const { t } = useI18n();
  const left = daysLeft(expiresAt, new Date(now));
  const text =
    left.kind === "expired"
      ? t("payments.expiry.expired")
      : left.kind === "today"
        ? t("payments.expiry.today")
        : t("payments.expiry.days", { count: left.days });
  const Icon = left.warn ? AlarmClock : CalendarClock;
  return (
    <span
      data-slot="days-left"
      data-warn={left.warn ? "true" : undefined}
      className={cn(
        "inline-flex items-center gap-1 text-sm font-semibold whitespace-nowrap",
        left.kind === "expired"
          ? "text-muted-foreground"
          : left.warn
            ? "text-orange-700"
            : "text-emerald-700",
        className,
      )}
    >
      <Icon aria-hidden className="size-4 shrink-0" />
      {text}
    </span>
  );
}
