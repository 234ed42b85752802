import { CircleUser, Gem } from "lucide-react";
import { LoadError, Panel } from "@/components/panel";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n";
import type { useSubscription } from "../api/payments";
import { longDate } from "../lib/dates";
import { Pill } from "./pill";

/** Billing's "Status akun": the badge "Free Plan", or the active plan's tier ("Pro"). */
export function AccountStatus({
  subscription,
}: {
  subscription: ReturnType<typeof useSubscription>;
}) {
  const { t, lang } = useI18n();
  const data = subscription.data;
  const badge = !data ? null : data.subscribed ? (
    <Pill tone="premium" data-testid="account-status" className="px-3 py-1 text-sm">
      <Gem aria-hidden />
      {data.planName}
    </Pill>
  ) : (
    <Pill tone="outline" data-testid="account-status" className="px-3 py-1 text-sm">
      {t("payments.account.free")}
    </Pill>
  );
  return (
    <Panel title={t("payments.account.title")} icon={<CircleUser aria-hidden />} action={badge}>
      {subscription.isPending ? (
        <Skeleton className="h-5 w-64 max-w-full" />
      ) : subscription.isError ? (
        <LoadError
          message={t("payments.account.loadFailed")}
          retryLabel={t("payments.subscription.retry")}
          onRetry={() => void subscription.refetch()}
        />
      ) : data?.subscribed ? (
        <p className="text-sm text-pretty text-muted-foreground">
          {t("payments.account.subscribedBody", {
            plan: data.planName ?? "",
            cycle: data.billingCycle ? t(`payments.cycle.${data.billingCycle}`) : "",
            date: data.nextCreditDate ? longDate(data.nextCreditDate, lang) : "-",
          })}
        </p>
      ) : (
        <p className="text-sm text-pretty text-muted-foreground">
          {t("payments.account.freeBody")}
        </p>
      )}
    </Panel>
  );
}
