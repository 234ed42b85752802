import { useCallback, useEffect, useRef } from "react";
import { useSearchParams } from "@/lib/router";
import type { OrderState } from "@rupa/shared";
import { formatNumber } from "@/lib/format";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { refreshAfterPayment, refreshOrders, restartFollowing, useOrder } from "../api/payments";
import { isGatewayReturn, orderIdFromSearch } from "../lib/follow";

/**
 * The order this page follows: the one in `?order_id=` (the gateway's finish redirect puts it
 * there, and starting a purchase puts the new one there too). While it is pending it is asked
 * about every few seconds; when it settles the buyer hears "{n} kredit ditambahkan ke akunmu!" and
 * the balance, subscription, lots and history are read again.
 *
 * A settlement is announced when this tab saw the order pending, started it, or came back from
 * the gateway with it; reloading the page later shows the state without a second toast.
 */
export function useFollowOrder() {
  const { t, lang } = useI18n();
  const [params, setParams] = useSearchParams();
  const orderId = orderIdFromSearch(params);
  const order = useOrder(orderId);
  const announce = useRef(new Set<string>());
  const lastState = useRef(new Map<string, OrderState>());

  // The gateway's return: announce its outcome, and keep only ?order_id= in the address so a
  // reload does not announce it again.
  useEffect(() => {
    if (!isGatewayReturn(params)) return;
    if (orderId) announce.current.add(orderId);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("status_code");
        next.delete("transaction_status");
        return next;
      },
      { replace: true },
    );
  }, [params, orderId, setParams]);

  const data = order.data;
  useEffect(() => {
    if (!data) return;
    const before = lastState.current.get(data.orderId);
    if (before === data.state) return;
    lastState.current.set(data.orderId, data.state);
    if (before === undefined && !announce.current.has(data.orderId)) return;
    announce.current.delete(data.orderId);
    if (data.state === "paid") {
      toast.success(t("payments.toast.paid", { n: formatNumber(data.credits, lang) }));
      void refreshAfterPayment();
    } else if (data.state === "failed" || data.state === "expired") {
      toast.error(t("payments.toast.failed"));
      void refreshOrders();
    } else if (data.state === "refunded") {
      void refreshAfterPayment();
    }
  }, [data, t, lang]);

  /** Follows an order this tab has just started (or reopened). */
  const follow = useCallback(
    (id: string) => {
      announce.current.add(id);
      restartFollowing(id);
      setParams({ order_id: id }, { replace: true });
    },
    [setParams],
  );

  /** Closes the status panel. */
  const dismiss = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("order_id");
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  /** Asks again now, and keeps asking for another 15 minutes. */
  const { refetch } = order;
  const checkAgain = useCallback(() => {
    if (!orderId) return;
    restartFollowing(orderId);
    void refetch();
  }, [orderId, refetch]);

  return { orderId, order, follow, dismiss, checkAgain };
}
