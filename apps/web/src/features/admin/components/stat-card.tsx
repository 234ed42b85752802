import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber, formatRupiah } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useAdminI18n } from "../lib/admin-i18n";
import type { StatCardSpec } from "../lib/stat-cards";

/** A card of the admin panel (dashboard and analytics panels). */
export function Panel({
  title,
  description,
  className,
  children,
}: {
  title?: string;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={cn(
        "flex min-w-0 flex-col gap-4 rounded-2xl border border-border/70 bg-card p-4 shadow-[0_1px_2px_rgb(28_22_49/0.04)] sm:p-5",
        className,
      )}
    >
      {title && (
        <header className="flex flex-col gap-0.5">
          <h2 className="text-base font-bold">{title}</h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </header>
      )}
      {children}
    </section>
  );
}

/** One figure: its name, the number, and an optional hint. */
export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  loading,
  testId,
  format = "count",
}: {
  label: string;
  value: number;
  icon: LucideIcon;
  hint?: string;
  loading?: boolean;
  testId?: string;
  format?: "count" | "rupiah";
}) {
  const { lang } = useAdminI18n();
  return (
    <div
      data-testid={testId}
      data-value={loading ? undefined : value}
      className="flex min-w-0 flex-col gap-2 rounded-2xl border border-border/70 bg-card p-4 shadow-[0_1px_2px_rgb(28_22_49/0.04)]"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-muted-foreground">{label}</span>
        <span className="grid size-8 shrink-0 place-items-center rounded-xl bg-primary-soft text-primary-soft-foreground">
          <Icon aria-hidden className="size-4" />
        </span>
      </div>
      {loading ? (
        <Skeleton className="h-8 w-20" />
      ) : (
        <span
          className={cn(
            "font-bold tabular-nums",
            // An amount in rupiah is longer than a count: it fits a half-width card at 360 px.
            format === "rupiah"
              ? "text-lg [overflow-wrap:anywhere] sm:text-2xl"
              : "text-2xl sm:text-3xl",
          )}
        >
          {format === "rupiah" ? formatRupiah(value, lang) : formatNumber(value, lang)}
        </span>
      )}
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
    </div>
  );
}

/** A row of stat cards from a list of STAT_CARDS, over `totals` (zeros while none are known). */
export function StatCards<Totals extends Record<string, number>>({
  cards,
  totals,
  loading,
}: {
  cards: readonly StatCardSpec<Totals>[];
  totals: Totals | undefined;
  loading?: boolean;
}) {
  const { t } = useAdminI18n();
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <StatCard
          key={card.key}
          testId={card.testId}
          label={t(card.label)}
          value={totals?.[card.key] ?? 0}
          icon={card.icon}
          hint={card.hint && t(card.hint)}
          loading={loading}
          format={card.format}
        />
      ))}
    </div>
  );
}
