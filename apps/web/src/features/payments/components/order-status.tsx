import {
  CircleCheckBig,
  OctagonX,
  Timer,
  ExternalLink,
  RefreshCcw,
  RotateCcw,
  TimerOff,
  CircleX,
} from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";
import { formatNumber, formatRupiah } from "@/lib/format";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { Order, OrderState } from "../api/payments";
import type { useFollowOrder } from "../hooks/use-follow-order";
import { longDate } from "../lib/dates";
import { packageName } from "../lib/package-name";

const LOOK: Record<OrderState, { icon: typeof Timer; tone: string }> = {
  pending: {
    icon: Timer,
    tone: "border-primary/25 bg-primary-soft/60 [&_[data-icon]]:text-primary",
  },
  paid: {
    icon: CircleCheckBig,
    tone: "border-emerald-200 bg-emerald-50 [&_[data-icon]]:text-emerald-700",
  },
  failed: {
    icon: OctagonX,
    tone: "border-destructive/25 bg-destructive/5 [&_[data-icon]]:text-destructive",
  },
  expired: {
    icon: TimerOff,
    tone: "border-orange-200 bg-orange-50 [&_[data-icon]]:text-orange-700",
  },
  refunded: {
    icon: RotateCcw,
    tone: "border-border bg-muted [&_[data-icon]]:text-muted-foreground",
  },
};

/**
 * The followed order's state, after a purchase or the gateway's return: waiting (with the link to
 * go on paying), paid, or why it did not go through and a way to try again.
 */
export function OrderStatus({
  follow,
  onRetry,
  canRetry,
}: {
  follow: ReturnType<typeof useFollowOrder>;
  /** Buys the same plan again (failed or expired orders). */
  onRetry: (planId: string) => void;
  canRetry: boolean;
}) {
  const { t } = useI18n();
  const { order, orderId, dismiss, checkAgain } = follow;
  if (!orderId) return null;

  const close = (
    <Button variant="ghost" size="icon" className="-mt-2 -mr-2" onClick={dismiss}>
      <CircleX aria-hidden />
      <span className="sr-only">{t("payments.order.close")}</span>
    </Button>
  );

  if (!order.data) {
    const notFound = isApiError(order.error) && order.error.status === 404;
    return (
      <section
        role="status"
        aria-label={t("payments.order.label")}
        data-testid="order-status"
        data-state={order.isError ? "error" : "loading"}
        className="flex items-start gap-3 rounded-3xl border bg-card p-5 shadow-soft"
      >
        {order.isError ? (
          <OctagonX aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
        ) : (
          <Spinner className="mt-0.5 size-5 shrink-0 text-primary" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <p className="font-semibold">
            {order.isError
              ? notFound
                ? t("payments.order.notFound")
                : t("payments.order.loadFailed")
              : t("payments.order.loading")}
          </p>
          {order.isError && !notFound ? (
            <Button variant="outline" className="w-fit" onClick={checkAgain}>
              <RefreshCcw aria-hidden />
              {t("payments.order.check")}
            </Button>
          ) : null}
        </div>
        {order.isError ? close : null}
      </section>
    );
  }

  return (
    <OrderPanel
      order={order.data}
      close={close}
      onCheck={checkAgain}
      onRetry={canRetry ? () => onRetry(order.data.planId) : null}
    />
  );
}

function OrderPanel({
  order,
  close,
  onCheck,
  onRetry,
}: {
  order: Order;
  close: ReactNode;
  onCheck: () => void;
  onRetry: (() => void) | null;
}) {
  const { t, lang } = useI18n();
  const { icon: Icon, tone } = LOOK[order.state];
  const name = packageName(order.planName, order.billingCycle, {
    monthly: t("payments.cycle.monthly"),
    yearly: t("payments.cycle.yearly"),
  });
  const body =
    order.state === "paid"
      ? t("payments.order.paid.body", {
          n: formatNumber(order.credits, lang),
          date: order.expiresAt ? longDate(order.expiresAt, lang) : "-",
        })
      : t(`payments.order.${order.state}.body`);

  return (
    <section
      role="status"
      aria-label={t("payments.order.label")}
      data-testid="order-status"
      data-state={order.state}
      className={cn("flex flex-col gap-3 rounded-3xl border p-5 shadow-soft", tone)}
    >
      <div className="flex items-start gap-3">
        <Icon data-icon aria-hidden className="mt-0.5 size-6 shrink-0" />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h2 className="text-lg font-bold">{t(`payments.order.${order.state}.title`)}</h2>
          <p className="text-sm font-semibold">
            {name} ·{" "}
            <span className="whitespace-nowrap">{formatRupiah(order.amountIdr, lang)}</span>
          </p>
        </div>
        {close}
      </div>
      <div className="flex flex-col gap-3 sm:pl-9">
        <p className="text-sm text-pretty">{body}</p>
        <p className="text-xs break-all text-muted-foreground">
          {t("payments.order.orderId")}: {order.orderId}
        </p>
        {order.state === "pending" ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            {order.checkoutUrl ? (
              <Button asChild>
                <a href={order.checkoutUrl} target="_blank" rel="noopener">
                  <ExternalLink aria-hidden />
                  {t("payments.order.pending.continue")}
                </a>
              </Button>
            ) : null}
            <Button variant="outline" onClick={onCheck}>
              <RefreshCcw aria-hidden />
              {t("payments.order.check")}
            </Button>
          </div>
        ) : (order.state === "failed" || order.state === "expired") && onRetry ? (
          <Button className="w-full sm:w-fit" onClick={onRetry}>
            <RotateCcw aria-hidden />
            {t("payments.order.retry")}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
