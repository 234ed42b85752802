import { LOT_SOURCES } from "@rupa/shared/constants";
import { CalendarClock } from "lucide-react";
import { LoadError, Panel } from "@/components/panel";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import { useI18n, type MessageKey } from "@/lib/i18n";
import { useExpiringLots, useOrders, type CreditLotView, type Order } from "../api/payments";
import { packageName } from "../lib/package-name";
import { longDate } from "../lib/dates";
import { DaysLeftText } from "./days-left-text";

/**
 * A lot's name: a purchase is named after its package ("Pro - Bulanan", translated through the
 * order its description names), other lots after where they came from.
 */
function lotName(
  lot: CreditLotView,
  orders: readonly Order[] | undefined,
  t: (key: MessageKey) => string,
): string {
  if (lot.source === "purchase" && lot.description) {
    const orderId = /\((RUPA-[^)]*)\)\s*$/.exec(lot.description)?.[1];
    const order = orders?.find((o) => o.orderId === orderId);
    if (order) {
      return packageName(order.planName, order.billingCycle, {
        monthly: t("payments.cycle.monthly"),
        yearly: t("payments.cycle.yearly"),
      });
    }
    return lot.description.replace(/\s*\(RUPA-[^)]*\)\s*$/, "");
  }
  const source = (LOT_SOURCES as readonly string[]).includes(lot.source) ? lot.source : "other";
  return t(`payments.expiring.source.${source}` as MessageKey);
}

/** The credits that expire soonest (at most 2): how many are left and for how long. */
export function ExpiringLots({ now }: { now: number }) {
  const { t, lang } = useI18n();
  const lots = useExpiringLots();
  // The history's query (the same cache entry): names a purchased lot in the reader's language.
  const orders = useOrders();

  const body = () => {
    if (lots.isPending)
      return (
        <div aria-busy="true" className="flex flex-col gap-3">
          <Skeleton className="h-20 rounded-2xl" />
          <Skeleton className="h-20 rounded-2xl" />
        </div>
      );
    if (lots.isError)
      return (
        <LoadError
          message={t("payments.expiring.loadFailed")}
          retryLabel={t("payments.expiring.retry")}
          onRetry={() => void lots.refetch()}
        />
      );
    if (lots.data.length === 0)
      return <p className="text-sm text-muted-foreground">{t("payments.expiring.empty")}</p>;
    return (
      <ul className="flex flex-col gap-3">
        {lots.data.map((lot) => (
          <li
            key={lot.id}
            data-testid="expiring-lot"
            className="flex flex-col gap-1.5 rounded-2xl bg-muted p-3.5"
          >
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
              <p className="min-w-0 font-bold">{lotName(lot, orders.data, t)}</p>
              <DaysLeftText expiresAt={lot.expiresAt} now={now} />
            </div>
            <p className="text-sm">
              {t("payments.expiring.remaining", {
                remaining: formatNumber(lot.remaining, lang),
                amount: formatNumber(lot.amount, lang),
              })}
            </p>
            <p className="text-xs text-muted-foreground">
              {t("payments.expiring.until", { date: longDate(lot.expiresAt, lang) })}
            </p>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <Panel title={t("payments.expiring.title")} icon={<CalendarClock aria-hidden />}>
      {body()}
    </Panel>
  );
}
