import { Coins, Gift, ShoppingBag, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Glow } from "@/components/glow";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import { useI18n, type Lang, type Translate } from "@/lib/i18n";
import { PageLink } from "@/lib/page-navigation";
import { cn } from "@/lib/utils";
import type { Viewer } from "../lib/viewer";

/** The explore hero: a greeting, the credit balance or the visitor's free try, buy credits. */
export function CreditHero({ viewer, title }: { viewer: Viewer; title: string }) {
  const { t, lang } = useI18n();
  const buyHref = viewer.kind === "user" ? "/credits" : "/auth?mode=signup";
  const figure = heroFigure(viewer, t, lang);
  return (
    <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-primary via-[#5b33e0] to-[#7a3fd8] p-5 text-primary-foreground shadow-lift sm:p-8">
      <Glow className="-top-16 -right-10 size-56 bg-accent/40" />
      <div className="relative flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div className="flex max-w-xl flex-col gap-2">
          <h1 className="text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">
            {title}
          </h1>
          <p className="text-sm text-primary-foreground/85 sm:text-base">
            {t("catalogue.heroLead")}
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center md:flex-col md:items-stretch">
          <div className="flex min-h-16 min-w-48 items-center gap-3 rounded-2xl bg-white/12 px-4 py-3 ring-1 ring-white/20 backdrop-blur">
            {figure ? (
              <HeroFigure {...figure} />
            ) : (
              // As tall as the visitor's free-try lines: nothing below moves when they come.
              <div className="flex min-h-[4.75rem] w-full flex-col justify-center gap-2">
                <Skeleton className="h-3 w-20 bg-white/25" />
                <Skeleton className="h-5 w-28 bg-white/25" />
                <Skeleton className="h-3 w-40 bg-white/25" />
              </div>
            )}
          </div>
          <Button asChild variant="accent" size="lg">
            <PageLink href={buyHref}>
              <ShoppingBag aria-hidden />
              {viewer.kind === "user" ? t("catalogue.buyCredits") : t("catalogue.signUpForCredits")}
            </PageLink>
          </Button>
        </div>
      </div>
    </section>
  );
}

type HeroFigureProps = {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  testId: string;
  note: ReactNode;
  noteClassName?: string;
};

/**
 * What the hero's figure shows: a member's balance, or a visitor's free try. The free try is
 * asked for by the browser (it needs the device), so a server-rendered page draws the same
 * lines with placeholders: nothing moves when the answer comes, and the page's inline rules
 * already cover it (docs/decisions/051). Null while the session is not known.
 */
function heroFigure(viewer: Viewer, t: Translate, lang: Lang): HeroFigureProps | null {
  if (viewer.kind === "user")
    return {
      icon: Coins,
      label: t("catalogue.balanceLabel"),
      value: t("catalogue.balance", { count: formatNumber(viewer.credits, lang) }),
      testId: "credit-balance",
      note: viewer.watermarkedOnly && viewer.credits > 0 ? t("catalogue.watermarkNote") : null,
    };
  if (viewer.kind === "loading") return null;
  const { trial } = viewer;
  return {
    icon: Gift,
    label: t("catalogue.trialLabel"),
    value:
      trial === "loading" ? (
        <Skeleton className="my-1 h-5 w-28 bg-white/25" />
      ) : (
        t(trial === "available" ? "catalogue.trialAvailable" : "catalogue.trialUsed")
      ),
    testId: "trial-status",
    // Two lines of the note's text.
    note:
      trial === "loading" ? (
        <Skeleton className="mt-1 h-7 w-44 bg-white/25" />
      ) : (
        t(trial === "available" ? "catalogue.trialAvailableHint" : "catalogue.trialUsedHint")
      ),
    noteClassName: "max-w-56",
  };
}

/** The hero's figure: its icon, a small label, the value and a note under it when there is one. */
function HeroFigure({ icon: Icon, label, value, testId, note, noteClassName }: HeroFigureProps) {
  return (
    <>
      <Icon aria-hidden className="size-6 shrink-0 text-accent" />
      <div className="flex flex-col">
        <span className="text-xs text-primary-foreground/75">{label}</span>
        <span className="text-lg font-extrabold" data-testid={testId}>
          {value}
        </span>
        {note ? (
          <span className={cn("text-xs text-primary-foreground/75", noteClassName)}>{note}</span>
        ) : null}
      </div>
    </>
  );
}
