import { CircleSlash, FlaskConical, PackageOpen } from "lucide-react";
import { useState } from "react";
import { LoadError, Panel } from "@/components/panel";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { usePlans, type BillingCycle } from "../api/payments";
import { plansForCycle, yearlyDiscount } from "../lib/plans";
import { PlanCard } from "./plan-card";

const CYCLES: BillingCycle[] = ["monthly", "yearly"];

/**
 * "Pilih paket": the monthly/yearly toggle (monthly first, yearly with its "-20%" badge) and
 * the plan cards from GET /api/plans. With checkout unavailable the cards stay readable and
 * their buttons are disabled; with the simulator a note says no real money moves.
 */
export function PlanPicker({
  buy,
  buying,
}: {
  buy: (planId: string) => void;
  /** The plan whose checkout is being created. */
  buying: string | null;
}) {
  const { t } = useI18n();
  const plans = usePlans();
  const [cycle, setCycle] = useState<BillingCycle>("monthly");

  const body = () => {
    if (plans.isPending)
      return (
        <div aria-busy="true" className="grid gap-4 md:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-80 rounded-3xl" />
          ))}
        </div>
      );
    if (plans.isError)
      return (
        <LoadError
          message={t("payments.plans.loadFailed")}
          retryLabel={t("payments.plans.retry")}
          onRetry={() => void plans.refetch()}
        />
      );
    const { checkout } = plans.data;
    const shown = plansForCycle(plans.data.plans, cycle);
    const discount = yearlyDiscount(plans.data.plans);
    return (
      <>
        <div
          role="group"
          aria-label={t("payments.plans.cycleLabel")}
          className="flex w-full gap-1 rounded-2xl border bg-muted p-1 sm:w-fit"
        >
          {CYCLES.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={cycle === value}
              data-testid={`cycle-${value}`}
              onClick={() => setCycle(value)}
              className="inline-flex min-h-10 flex-1 items-center justify-center gap-2 rounded-xl px-5 text-sm font-semibold whitespace-nowrap text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-pressed:bg-card aria-pressed:text-primary aria-pressed:shadow-soft sm:flex-none"
            >
              {t(`payments.cycle.${value}`)}
              {value === "yearly" && discount ? (
                <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-foreground">
                  {t("payments.plans.discount", { percent: discount })}
                </span>
              ) : null}
            </button>
          ))}
        </div>

        {!checkout.available ? (
          <div
            role="alert"
            data-testid="checkout-unavailable"
            className="flex gap-3 rounded-2xl border border-orange-200 bg-orange-50 p-4 text-orange-900"
          >
            <CircleSlash aria-hidden className="mt-0.5 size-5 shrink-0" />
            <div className="flex flex-col gap-1">
              <p className="font-bold">{t("payments.plans.unavailableTitle")}</p>
              <p className="text-sm text-pretty">{t("payments.plans.unavailableBody")}</p>
            </div>
          </div>
        ) : checkout.simulated ? (
          <p
            data-testid="checkout-simulated"
            className="flex gap-2 rounded-2xl bg-accent-soft px-4 py-3 text-sm text-pretty text-accent-soft-foreground"
          >
            <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t("payments.plans.simulated")}
          </p>
        ) : null}

        <ul className={cn("grid gap-4 md:grid-cols-3", shown.length === 2 && "md:grid-cols-2")}>
          {shown.map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard
                plan={plan}
                onBuy={() => buy(plan.id)}
                buying={buying === plan.id}
                disabled={!checkout.available || buying !== null}
              />
            </li>
          ))}
        </ul>
      </>
    );
  };

  return (
    <Panel title={t("payments.plans.title")} icon={<PackageOpen aria-hidden />}>
      <p className="-mt-2 text-sm text-pretty text-muted-foreground">{t("payments.plans.lead")}</p>
      {body()}
    </Panel>
  );
}
