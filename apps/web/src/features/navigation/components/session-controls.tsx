import { Coins, LogIn } from "lucide-react";
import { PageLink } from "@/lib/page-navigation";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { NavSession } from "../nav-session";

export function useCreditsLabel(credits: number): string {
  const { t, lang } = useI18n();
  const count = formatNumber(credits, lang);
  return credits === 1 ? t("session.creditsOne", { count }) : t("session.credits", { count });
}

/**
 * The phone header's "5 kredit" chip, linking to the credits page. Free (watermarked) credits
 * get a second line saying so.
 */
export function CreditChip({
  credits,
  watermarkedOnly,
  className,
}: {
  credits: number;
  watermarkedOnly: boolean;
  className?: string;
}) {
  const { t } = useI18n();
  const label = useCreditsLabel(credits);
  // The label holds the chip's own words ("5 kredit", "gratis · watermark"), so that voice
  // control finds it by what it shows.
  const hint = watermarkedOnly ? `, ${t("session.watermarkShort")}` : "";
  return (
    <PageLink
      href="/credits"
      data-slot="credit-chip"
      aria-label={`${t("session.balanceLabel")}: ${label}${hint}`}
      className={cn(
        "inline-flex min-h-10 min-w-0 shrink items-center gap-1.5 rounded-full border border-primary/15 bg-primary-soft py-1 pr-3.5 pl-2.5 whitespace-nowrap text-primary-soft-foreground transition-colors hover:bg-primary-soft/70 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none",
        className,
      )}
    >
      <Coins className="size-4 shrink-0 text-primary" aria-hidden />
      <span className="flex min-w-0 flex-col leading-none">
        <span className="truncate text-sm font-bold">{label}</span>
        {watermarkedOnly ? (
          <>
            {" "}
            <span className="mt-0.5 truncate text-[0.625rem] font-semibold text-accent-soft-foreground">
              {t("session.watermarkShort")}
            </span>
          </>
        ) : null}
      </span>
    </PageLink>
  );
}

export function SignInButton({ className }: { className?: string }) {
  const { t } = useI18n();
  return (
    <Button asChild size="sm" className={cn("min-h-10 rounded-full px-4 text-sm", className)}>
      <PageLink href="/auth">
        <LogIn aria-hidden />
        {t("session.signIn")}
      </PageLink>
    </Button>
  );
}

/**
 * The phone header's right side before the language toggle: the balance or a sign-in button.
 * (On phones the admin shortcut lives in the Setting menu; the header has no room for it.)
 */
export function HeaderSession({ session }: { session: NavSession }) {
  if (session.kind === "loading")
    return <span aria-hidden className="h-10 w-24 animate-pulse rounded-full bg-muted" />;
  if (session.kind === "visitor") return <SignInButton />;
  return <CreditChip credits={session.credits} watermarkedOnly={session.watermarkedOnly} />;
}

/** The desktop sidebar's session card under the logo. */
export function SidebarSession({ session }: { session: NavSession }) {
  const { t } = useI18n();
  if (session.kind === "loading")
    return <div aria-hidden className="h-[5.5rem] animate-pulse rounded-2xl bg-muted" />;
  if (session.kind === "visitor")
    return (
      <div className="flex flex-col gap-3 rounded-2xl border bg-background p-3.5">
        <p className="text-xs leading-relaxed text-pretty text-muted-foreground">
          {t("session.visitorHint")}
        </p>
        <SignInButton className="w-full" />
      </div>
    );
  return <CreditCard session={session} />;
}

function CreditCard({ session }: { session: Extract<NavSession, { kind: "user" }> }) {
  const { t } = useI18n();
  const label = useCreditsLabel(session.credits);
  return (
    <PageLink
      href="/credits"
      data-slot="credit-card"
      className="group/credits flex flex-col gap-1 rounded-2xl border border-primary/10 bg-primary-soft/60 p-3.5 transition-colors hover:bg-primary-soft focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
    >
      <span className="text-xs font-semibold text-muted-foreground">
        {t("session.balanceLabel")}
      </span>
      <span className="flex items-center gap-2 text-lg font-extrabold text-primary-soft-foreground">
        <Coins className="size-5 text-primary" aria-hidden />
        {label}
      </span>
      {session.watermarkedOnly ? (
        <span className="text-xs text-accent-soft-foreground">{t("session.watermarkHint")}</span>
      ) : null}
      <span className="mt-1 text-xs font-bold text-primary group-hover/credits:underline">
        {t("session.buyCredits")} →
      </span>
    </PageLink>
  );
}
