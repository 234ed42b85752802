import { ExternalLink, Receipt } from "lucide-react";
import { useState } from "react";
import { LoadError, Panel } from "@/components/panel";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatNumber, formatRupiah } from "@/lib/format";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useOrders, type Order, type OrderState } from "../api/payments";
import { packageName } from "../lib/package-name";
import { DaysLeftText } from "./days-left-text";

/** Rows shown before "Lihat semua" (docs/product/credits-and-plans.md: 10 fetched, 5 shown). */
const SHOWN = 5;

const STATE_TONE: Record<OrderState, string> = {
  pending: "bg-primary-soft text-primary-soft-foreground",
  paid: "bg-emerald-100 text-emerald-800",
  failed: "bg-destructive/10 text-destructive",
  expired: "bg-muted text-muted-foreground",
  refunded: "bg-muted text-muted-foreground",
};

/** "Riwayat pembelian": the latest orders with their state and, once paid, the days left. */
export function PurchaseHistory({ now }: { now: number }) {
  const { t } = useI18n();
  const orders = useOrders();
  const [expanded, setExpanded] = useState(false);

  const body = () => {
    if (orders.isPending)
      return (
        <ul aria-busy="true" className="flex flex-col gap-3">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-20 rounded-2xl" />
            </li>
          ))}
        </ul>
      );
    if (orders.isError)
      return (
        <LoadError
          message={t("payments.history.loadFailed")}
          retryLabel={t("payments.history.retry")}
          onRetry={() => void orders.refetch()}
        />
      );
    if (orders.data.length === 0)
      return (
        <div className="flex flex-col items-center gap-1 rounded-2xl border border-dashed p-6 text-center">
          <p className="font-semibold">{t("payments.history.empty")}</p>
          <p className="text-sm text-muted-foreground">{t("payments.history.emptyBody")}</p>
        </div>
      );
    const rows = expanded ? orders.data : orders.data.slice(0, SHOWN);
    return (
      <>
        <ul className="flex flex-col divide-y">
          {rows.map((order) => (
            <HistoryRow key={order.orderId} order={order} now={now} />
          ))}
        </ul>
        {orders.data.length > SHOWN ? (
          <button
            type="button"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
            className="min-h-11 self-center rounded-xl px-4 text-sm font-bold text-primary hover:bg-primary-soft focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
          >
            {expanded
              ? t("payments.history.showLess")
              : t("payments.history.showAll", { count: orders.data.length })}
          </button>
        ) : null}
      </>
    );
  };

  return (
    <Panel title={t("payments.history.title")} icon={<Receipt aria-hidden />}>
      {body()}
    </Panel>
  );
}

function HistoryRow({ order, now }: { order: Order; now: number }) {
  const { t, lang } = useI18n();
  const name = packageName(order.planName, order.billingCycle, {
    monthly: t("payments.cycle.monthly"),
    yearly: t("payments.cycle.yearly"),
  });
  return (
    <li
      data-testid="history-row"
      data-state={order.state}
      className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-bold">{name}</p>
        <span
          className={cn(
            "shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap",
            STATE_TONE[order.state],
          )}
        >
          {t(`payments.history.state.${order.state}`)}
        </span>
      </div>
      <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
        <span>{formatDate(order.createdAt, lang)}</span>
        <span aria-hidden>·</span>
        <span className="font-semibold text-foreground">{formatRupiah(order.amountIdr, lang)}</span>
        <span aria-hidden>·</span>
        <span>{t("payments.history.credits", { count: formatNumber(order.credits, lang) })}</span>
      </p>
      {order.state === "paid" && order.expiresAt ? (
        <DaysLeftText expiresAt={order.expiresAt} now={now} />
      ) : order.state === "pending" && order.checkoutUrl ? (
        <a
          href={order.checkoutUrl}
          target="_blank"
          rel="noopener"
          className="inline-flex w-fit items-center gap-1 text-sm font-bold text-primary hover:underline"
        >
          <ExternalLink aria-hidden className="size-4" />
          {t("payments.history.pay")}
        </a>
      ) : null}
      {order.receiptUrl ? (
        <a
          href={order.receiptUrl}
          target="_blank"
          rel="noopener"
          data-testid="receipt-link"
          className="inline-flex min-h-11 w-fit items-center gap-1 text-sm font-bold text-primary hover:underline"
        >
          <Receipt aria-hidden className="size-4" />
          {t("payments.history.receipt")}
        </a>
      ) : null}
    </li>
  );
}
