import { Coins, SmilePlus } from "lucide-react";
import { useId } from "react";
import { PageLink } from "@/lib/page-navigation";
import { Glow } from "@/components/glow";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format";
import { useI18n } from "@/lib/i18n";
import { longDate } from "../lib/dates";

export type Balance = { balance: number; watermarkedOnly: boolean; nextExpiry: string | null };

/** The member's credit balance (from the session, so it matches the header's chip). */
export function BalanceCard({ balance, watermarkedOnly, nextExpiry }: Balance) {
  const { t, lang } = useI18n();
  const count = formatNumber(balance, lang);
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="relative flex min-w-0 flex-col gap-4 overflow-hidden rounded-3xl bg-gradient-to-br from-primary via-[#5b33e0] to-[#7a3fd8] p-5 text-primary-foreground shadow-lift sm:p-6"
    >
      <Glow className="-top-16 -right-10 size-48 bg-accent/40" />
      <div className="relative flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/20">
          <Coins aria-hidden className="size-5 text-accent" />
        </span>
        <h2 id={titleId} className="text-base font-semibold text-primary-foreground/85">
          {t("payments.balance.title")}
        </h2>
      </div>
      <p className="relative text-4xl font-extrabold tracking-tight" data-testid="credit-balance">
        {balance === 1 ? t("session.creditsOne", { count }) : t("session.credits", { count })}
      </p>
      <div className="relative flex flex-col gap-1 text-sm text-primary-foreground/80">
        {watermarkedOnly && balance > 0 ? <p>{t("payments.balance.watermarked")}</p> : null}
        {nextExpiry ? (
          <p>{t("payments.balance.nextExpiry", { date: longDate(nextExpiry, lang) })}</p>
        ) : null}
      </div>
      <Button
        asChild
        variant="secondary"
        className="relative mt-auto w-full bg-white text-primary hover:bg-white/90 sm:w-fit"
      >
        <PageLink href="/eksplor">
          <SmilePlus aria-hidden />
          {t("payments.balance.cta")}
        </PageLink>
      </Button>
    </section>
  );
}
