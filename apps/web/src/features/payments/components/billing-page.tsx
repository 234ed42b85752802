import { usePurchase } from "../hooks/use-purchase";
import { AccountStatus } from "./account-status";
import { BillingFaq } from "./billing-faq";
import { PlanPicker } from "./plan-picker";
import { PurchaseHistory } from "./purchase-history";
import { SubscriptionCard } from "./subscription-card";

/**
 * /billing for a member: the account status ("Free Plan" or the plan's tier), the active plan, the
 * plans (hidden while a plan is active, docs/product/credits-and-plans.md), the purchase history
 * and the FAQ.
 */
export function BillingPage() {
  const { now, checkout, subscription, status } = usePurchase();
  const data = subscription.data;

  return (
    <div className="flex flex-col gap-5 md:gap-6">
      {status}
      <AccountStatus subscription={subscription} />
      {data?.subscribed ? <SubscriptionCard subscription={data} now={now} /> : null}
      {data && !data.subscribed ? <PlanPicker buy={checkout.buy} buying={checkout.buying} /> : null}
      <PurchaseHistory now={now} />
      <BillingFaq />
    </div>
  );
}
