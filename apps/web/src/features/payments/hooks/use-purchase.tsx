import { usePlans, useSubscription } from "../api/payments";
import { OrderStatus } from "../components/order-status";
import { useCheckout } from "./use-checkout";
import { useFollowOrder } from "./use-follow-order";
import { useNow } from "./use-now";

/**
 * What /credits and /billing share: the member's plan, the checkout that starts an order, the
 * order being followed, the clock for days-left labels, and the followed order's status panel.
 */
export function usePurchase() {
  const now = useNow();
  const follow = useFollowOrder();
  const checkout = useCheckout(follow.follow);
  const subscription = useSubscription();
  const plans = usePlans();
  const status = (
    <OrderStatus
      follow={follow}
      onRetry={checkout.buy}
      canRetry={plans.data?.checkout.available === true && checkout.buying === null}
    />
  );
  return { now, checkout, subscription, status };
}
