import { BadgeCheck, Info } from "lucide-react";
import { Panel } from "@/components/panel";
import { formatNumber } from "@/lib/format";
import { useI18n } from "@/lib/i18n";
import type { Subscription } from "../api/payments";
import { longDate } from "../lib/dates";
import { DaysLeftText } from "./days-left-text";
import { Pill } from "./pill";

/**
 * The active plan: tier, cycle, credits per period and the date it ends. Plans are prepaid
 * periods, so the card says plainly that nothing renews by itself.
 */
export function SubscriptionCard({
  subscription,
  now,
}: {
  subscription: Subscription;
  now: number;
}) {
  const { t, lang } = useI18n();
  const { planName, billingCycle, creditsPerPeriod, nextCreditDate } = subscription;
  return (
    <Panel
      title={t("payments.subscription.title")}
      icon={<BadgeCheck aria-hidden />}
      data-testid="subscription-card"
      action={billingCycle ? <Pill>{t(`payments.cycle.${billingCycle}`)}</Pill> : null}
    >
      <div className="flex flex-col gap-1">
        <p className="text-2xl font-extrabold tracking-tight">{planName}</p>
        {creditsPerPeriod !== null ? (
          <p className="text-sm text-muted-foreground">
            {t("payments.subscription.credits", {
              count: formatNumber(creditsPerPeriod, lang),
            })}
          </p>
        ) : null}
      </div>
      {nextCreditDate ? (
        <dl className="grid grid-cols-2 gap-3 rounded-2xl bg-muted p-3.5">
          <div className="flex min-w-0 flex-col gap-0.5">
            <dt className="text-xs font-semibold text-muted-foreground">
              {t("payments.subscription.validUntil")}
            </dt>
            <dd className="text-sm font-bold">{longDate(nextCreditDate, lang)}</dd>
          </div>
          <div className="flex min-w-0 flex-col gap-0.5">
            <dt className="text-xs font-semibold text-muted-foreground">
              {t("payments.subscription.daysLeft")}
            </dt>
            <dd>
              <DaysLeftText expiresAt={nextCreditDate} now={now} />
            </dd>
          </div>
        </dl>
      ) : null}
      <p className="flex gap-2 text-sm text-pretty text-muted-foreground">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
        {t("payments.subscription.noRenewal")}
      </p>
    </Panel>
  );
}
