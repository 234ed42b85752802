import { ChevronsUpDown, PackageOpen } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/panel";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n";
import { usePurchase } from "../hooks/use-purchase";
import { BalanceCard, type Balance } from "./balance-card";
import { ExpiringLots } from "./expiring-lots";
import { HowCreditsWork } from "./how-credits-work";
import { PaymentInfo } from "./payment-info";
import { PlanPicker } from "./plan-picker";
import { PurchaseHistory } from "./purchase-history";
import { SubscriptionCard } from "./subscription-card";

/**
 * /credits for a member: the followed order, the balance and active plan, the plans (hidden while a
 * plan is active, as docs/product/credits-and-plans.md says, behind a "see plans" button), how
 * credits work, the credits expiring soonest, the purchase history and the payment information.
 */
export function CreditsPage({ balance }: { balance: Balance }) {
  const { t } = useI18n();
  const { now, checkout, subscription, status } = usePurchase();
  const [showPlans, setShowPlans] = useState(false);
  const subscribed = subscription.data?.subscribed === true;

  const picker = <PlanPicker buy={checkout.buy} buying={checkout.buying} />;

  return (
    <div className="flex flex-col gap-5 md:gap-6">
      {status}

      <div className="grid gap-5 md:gap-6 lg:grid-cols-2">
        <BalanceCard {...balance} />
        {subscription.isPending ? (
          <Skeleton className="min-h-56 rounded-3xl" />
        ) : subscription.isError ? (
          <LoadError
            message={t("payments.subscription.loadFailed")}
            retryLabel={t("payments.subscription.retry")}
            onRetry={() => void subscription.refetch()}
          />
        ) : subscribed ? (
          <SubscriptionCard subscription={subscription.data} now={now} />
        ) : (
          <HowCreditsWork />
        )}
      </div>

      {subscription.isPending ? null : subscribed ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-3 rounded-3xl border border-dashed bg-card/60 p-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex gap-3 text-sm text-pretty">
              <PackageOpen aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
              {t("payments.plans.subscribedNote", { plan: subscription.data?.planName ?? "" })}
            </p>
            <Button
              variant="outline"
              aria-expanded={showPlans}
              onClick={() => setShowPlans(!showPlans)}
            >
              {showPlans ? t("payments.plans.hidePlans") : t("payments.plans.showPlans")}
              <ChevronsUpDown
                aria-hidden
                className={showPlans ? "rotate-180 transition-transform" : "transition-transform"}
              />
            </Button>
          </div>
          {showPlans ? picker : null}
        </div>
      ) : (
        picker
      )}

      <div className="grid items-start gap-5 md:gap-6 lg:grid-cols-2">
        <PurchaseHistory now={now} />
        <ExpiringLots now={now} />
        {subscribed ? <HowCreditsWork /> : null}
      </div>
      <PaymentInfo />
    </div>
  );
}
