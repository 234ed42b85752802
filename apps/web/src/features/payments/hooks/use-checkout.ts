import { useCallback, useRef, useState } from "react";
import { errorMessage } from "@/lib/error-message";
import { useI18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { useIsMobile } from "@/lib/use-is-mobile";
import { createPayment, refreshOrders } from "../api/payments";

/**
 * Buying a plan (docs/product/credits-and-plans.md). On a phone the checkout opens in this tab: a
 * second tab is easily lost on Android, and the gateway brings the buyer back to
 * `/credits?order_id=…` on the origin they bought on (ADR 035), signed in, where the order is
 * followed. On a wider screen it opens in a new tab: the tab is opened at once, inside the click
 * (a browser blocks a window opened later, after an await), shows "preparing" while the order is
 * created, and is then sent to the checkout page; when the browser blocked the tab this tab goes
 * to the checkout instead. On an error the blank tab is closed and a toast says why. `onStarted`
 * receives the order to follow.
 */
export function useCheckout(onStarted: (orderId: string) => void) {
  const i18n = useI18n();
  const { t } = i18n;
  const phone = useIsMobile();
  const [buying, setBuying] = useState<string | null>(null);
  const busy = useRef(false);

  const buy = useCallback(
    (planId: string) => {
      if (busy.current) return;
      busy.current = true;
      setBuying(planId);
      const tab = phone ? null : window.open("", "_blank");
      if (tab) {
        try {
          // The checkout page gets no handle on this page.
          tab.opener = null;
          tab.document.title = t("payments.checkout.tabTitle");
          tab.document.body.style.cssText =
            "font-family:system-ui,sans-serif;margin:0;padding:48px 24px;text-align:center;color:#1c1631;background:#faf7f2";
          tab.document.body.textContent = t("payments.checkout.preparing");
        } catch {
          // Some browsers keep the new tab's document to themselves; it stays blank then.
        }
      }
      createPayment(planId)
        .then((started) => {
          onStarted(started.orderId);
          void refreshOrders();
          if (tab && !tab.closed) tab.location.href = started.redirect_url;
          // A phone, or a blocked tab: pay in this tab (the gateway brings the buyer back to
          // /credits). A tab the
          // buyer closed meanwhile stays closed; the status panel offers the checkout link.
          else if (!tab) window.location.assign(started.redirect_url);
        })
        .catch((error: unknown) => {
          tab?.close();
          toast.error(errorMessage(error, i18n));
        })
        .finally(() => {
          busy.current = false;
          setBuying(null);
        });
    },
    [i18n, onStarted, t, phone],
  );

  return { buy, buying };
}
