import { CalendarDays, Coins, ShoppingCart, Star, Tag } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatNumber, formatRupiah } from "@/lib/format";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { PlanView } from "../api/payments";
import { monthlyEquivalent } from "../lib/plans";
import { Pill } from "./pill";

/** One plan: credits, price, price per credit, yearly savings, and its buy button. */
export function PlanCard({
  plan,
  onBuy,
  buying,
  disabled,
}: {
  plan: PlanView;
  onBuy: () => void;
  buying: boolean;
  disabled: boolean;
}) {
  const { t, lang } = useI18n();
  const yearly = plan.billingCycle === "yearly";
  return (
    <article
      data-testid={`plan-card-${plan.id}`}
      aria-label={plan.name}
      className={cn(
        "relative flex w-full flex-col gap-4 rounded-3xl border bg-card p-4 sm:p-5",
        plan.popular && "border-2 border-primary shadow-lift",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-xl font-extrabold">{plan.name}</h3>
        {plan.popular ? (
          <Pill tone="premium">
            <Star aria-hidden />
            {t("payments.plans.popular")}
          </Pill>
        ) : null}
      </div>

      <p className="flex items-center gap-2 text-base font-bold text-primary">
        <Coins aria-hidden className="size-5" />
        {t("payments.plans.credits", { count: formatNumber(plan.credits, lang) })}
      </p>

      <div className="flex flex-col gap-1">
        <p className="flex flex-wrap items-baseline gap-x-1">
          <span className="text-3xl font-extrabold tracking-tight whitespace-nowrap">
            {formatRupiah(plan.priceIdr, lang)}
          </span>
          <span className="text-sm text-muted-foreground">
            {t(`payments.plans.per.${plan.billingCycle}`)}
          </span>
        </p>
        {yearly ? (
          <p className="text-sm text-muted-foreground">
            {t("payments.plans.monthlyEquivalent", {
              price: formatRupiah(monthlyEquivalent(plan), lang),
            })}
          </p>
        ) : null}
      </div>

      <ul className="flex flex-col gap-2 text-sm">
        <li className="flex items-center gap-2">
          <Tag aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          {t("payments.plans.perCredit", { price: formatRupiah(plan.pricePerCreditIdr, lang) })}
        </li>
        <li className="flex items-center gap-2">
          <CalendarDays aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          {t("payments.plans.validity", { days: plan.validityDays })}
        </li>
        {yearly && plan.savingsIdr ? (
          <li className="font-semibold text-emerald-700">
            {t("payments.plans.savings", { amount: formatRupiah(plan.savingsIdr, lang) })}
          </li>
        ) : null}
      </ul>

      <Button
        data-testid={`buy-${plan.id}`}
        variant={plan.popular ? "default" : "outline"}
        className="mt-auto w-full"
        disabled={disabled}
        aria-busy={buying || undefined}
        onClick={onBuy}
      >
        {buying ? <Spinner /> : <ShoppingCart aria-hidden />}
        {buying ? t("payments.plans.buying") : t("payments.plans.buy", { plan: plan.name })}
      </Button>
    </article>
  );
}
