import {
  Camera,
  Cpu,
  Download,
  Flag,
  IdCard,
  Landmark,
  MousePointerClick,
  Smartphone,
  Sparkles,
  Wand2,
  Zap,
} from "lucide-react";
import { Suspense, type ReactNode } from "react";
import { PageLink } from "@/lib/page-navigation";
import { ArrowLinkButton } from "@/components/arrow-link-button";
import { Glow } from "@/components/glow";
import { LanguageToggle } from "@/components/language-toggle";
import { Logo, LogoMark } from "@/components/logo";
import { Button } from "@/components/ui/button";
import type { CopyFigures } from "@/lib/copy-figures";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { Sample } from "../lib/samples";
import { LandingCarouselIsland } from "./before-after-carousel";
import { CategorySamples } from "./category-samples";
import { SampleRows } from "./sample-rows";

/** The figures the copy states, from /api/styles/summary (null while they load). */
export type LandingFigures = Pick<CopyFigures, "styleCount" | "bonusCredits" | "generationTime">;

/**
 * The landing page for visitors at / (docs/product/catalogue.md): its own header, hero with moving
 * sample rows, benefits, the Indonesia-only banner, category samples, the before/after carousel,
 * how it works, a closing call to action and the footer.
 */
export function LandingPage({
  styles,
  figures,
  fallbackTime,
}: {
  styles: readonly Sample[] | undefined;
  figures: LandingFigures | null;
  /** The generation time to say before the figures arrive. */
  fallbackTime: string;
}) {
  const { t } = useI18n();
  const time = figures?.generationTime ?? fallbackTime;

  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip">
      <header className="pt-safe sticky top-0 z-30 border-b border-border/70 bg-background/90 backdrop-blur-md">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6 md:h-20 md:px-10">
          <PageLink href="/" aria-label={t("app.homeLink")} className="mr-auto shrink-0 rounded-xl">
            <LogoMark className="size-8 sm:hidden" />
            <Logo markClassName="size-8" className="max-sm:hidden" />
          </PageLink>
          <LanguageToggle />
          <Button asChild variant="ghost" className="max-sm:min-h-10 max-sm:px-2.5">
            <PageLink href="/auth">{t("landing.nav.signIn")}</PageLink>
          </Button>
          <Button asChild className="max-sm:min-h-10 max-sm:px-3.5">
            <PageLink href="/eksplor">
              <span className="sm:hidden">{t("landing.nav.getStartedShort")}</span>
              <span className="max-sm:hidden">{t("landing.nav.getStarted")}</span>
            </PageLink>
          </Button>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <section className="relative isolate overflow-hidden">
          <div
            aria-hidden
            className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--color-primary-soft),transparent),radial-gradient(40rem_24rem_at_0%_110%,var(--color-accent-soft),transparent)]"
          />
          <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 pt-10 pb-12 sm:px-6 md:px-10 lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] lg:pt-16 lg:pb-20">
            <div className="flex min-w-0 flex-col items-start gap-5">
              <span className="inline-flex items-center gap-1.5 rounded-full bg-card px-3 py-1 text-xs font-bold text-primary shadow-soft ring-1 ring-primary/10">
                <Sparkles aria-hidden className="size-3.5" />
                {t("landing.hero.badge")}
              </span>
              <h1 className="text-4xl leading-[1.08] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
                {t("landing.hero.title")}
              </h1>
              <p className="min-h-[4.5rem] max-w-xl text-lg text-pretty text-muted-foreground">
                {figures
                  ? t("landing.hero.lead", {
                      styles: figures.styleCount,
                      credits: figures.bonusCredits,
                    })
                  : t("landing.hero.leadPending")}
              </p>
              <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
                <Button asChild size="lg">
                  <PageLink href="/eksplor">
                    <Wand2 aria-hidden />
                    {t("landing.hero.ctaPrimary")}
                  </PageLink>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <a href="#kategori">{t("landing.hero.ctaSecondary")}</a>
                </Button>
              </div>
              <p className="text-sm text-muted-foreground">{t("landing.hero.note")}</p>
            </div>
            <div className="-mx-4 min-w-0 overflow-hidden sm:mx-0 lg:-mr-16">
              <SampleRows styles={styles} />
            </div>
          </div>
        </section>

        <Section title={t("landing.benefits.title")}>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <FeatureCard icon={<Cpu />} title={t("landing.benefits.aiTitle")}>
              {t("landing.benefits.aiBody")}
            </FeatureCard>
            <FeatureCard icon={<Zap />} title={t("landing.benefits.fastTitle")}>
              {t("landing.benefits.fastBody", { time })}
            </FeatureCard>
            <FeatureCard icon={<Smartphone />} title={t("landing.benefits.mobileTitle")}>
              {t("landing.benefits.mobileBody")}
            </FeatureCard>
            <FeatureCard icon={<Landmark />} title={t("landing.benefits.cultureTitle")}>
              {t("landing.benefits.cultureBody")}
            </FeatureCard>
          </ul>
        </Section>

        <Band>
          <aside className="flex flex-col items-start gap-4 overflow-hidden rounded-3xl bg-gradient-to-r from-[#c8102e] to-[#e8484f] p-6 text-white shadow-lift sm:flex-row sm:items-center sm:p-8">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/25">
              <Flag aria-hidden className="size-6" />
            </span>
            <div className="flex flex-col gap-1">
              <h2 className="text-xl font-extrabold">{t("landing.banner.title")}</h2>
              <p className="text-sm text-white/90 sm:text-base">{t("landing.banner.body")}</p>
            </div>
          </aside>
        </Band>

        <Section
          id="kategori"
          title={t("landing.categories.title")}
          lead={t("landing.categories.lead")}
        >
          <CategorySamples />
        </Section>

        <Band>
          <aside className="flex flex-col items-start gap-4 rounded-3xl border bg-card p-6 shadow-soft sm:flex-row sm:items-center sm:justify-between sm:p-8">
            <div className="flex items-start gap-4">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-[#c8102e] text-white">
                <IdCard aria-hidden className="size-6" />
              </span>
              <div className="flex flex-col gap-1">
                <h2 className="text-xl font-extrabold">{t("landing.pasFoto.title")}</h2>
                <p className="text-sm text-muted-foreground sm:text-base">
                  {t("landing.pasFoto.body")}
                </p>
              </div>
            </div>
            <ArrowLinkButton to="/cek-pas-foto" variant="outline" className="shrink-0">
              {t("landing.pasFoto.button")}
            </ArrowLinkButton>
          </aside>
        </Band>

        <Section
          title={t("landing.carousel.title")}
          lead={t("landing.carousel.lead")}
          className="bg-card"
        >
          <LandingCarouselIsland />
        </Section>

        <Section title={t("landing.steps.title")}>
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <FeatureCard
              number={1}
              icon={<MousePointerClick />}
              title={t("landing.steps.pickTitle")}
            >
              {figures
                ? t("landing.steps.pickBody", { styles: figures.styleCount })
                : t("landing.steps.pickBodyPending")}
            </FeatureCard>
            <FeatureCard number={2} icon={<Camera />} title={t("landing.steps.uploadTitle")}>
              {t("landing.steps.uploadBody")}
            </FeatureCard>
            <FeatureCard number={3} icon={<Wand2 />} title={t("landing.steps.generateTitle")}>
              {t("landing.steps.generateBody", { time })}
            </FeatureCard>
            <FeatureCard number={4} icon={<Download />} title={t("landing.steps.shareTitle")}>
              {t("landing.steps.shareBody")}
            </FeatureCard>
          </ol>
        </Section>

        <Band className="pb-16">
          <section className="relative isolate flex flex-col items-center gap-4 overflow-hidden rounded-3xl bg-gradient-to-br from-primary via-[#5b33e0] to-[#7a3fd8] px-6 py-12 text-center text-primary-foreground shadow-lift sm:py-16">
            <Glow className="-bottom-24 -left-10 -z-10 size-72 bg-accent/40" />
            <h2 className="max-w-2xl text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
              {t("landing.cta.title")}
            </h2>
            <p className="max-w-xl text-primary-foreground/85">{t("landing.cta.body")}</p>
            <ArrowLinkButton to="/eksplor" size="lg" variant="accent">
              {t("landing.cta.button")}
            </ArrowLinkButton>
          </section>
        </Band>
      </main>

      <footer className="pb-safe render-near-screen border-t bg-card">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between md:px-10">
          <div className="flex flex-col gap-2">
            <Logo markClassName="size-7" />
            <p className="text-sm text-muted-foreground">
              {t("landing.footer.copyright", { year: new Date().getFullYear() })}
            </p>
          </div>
          <nav aria-label={t("landing.footer.label")}>
            <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-semibold">
              {(
                [
                  ["/faq", "faq"],
                  ["/policies", "policies"],
                  ["/terms", "terms"],
                  ["/privacy", "privacy"],
                  ["/feedback", "feedback"],
                ] as const
              ).map(([href, key]) => (
                <li key={href}>
                  <PageLink
                    href={href}
                    className="inline-flex min-h-11 items-center text-muted-foreground hover:text-foreground"
                  >
                    {t(`landing.footer.${key}`)}
                  </PageLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}

function Section({
  id,
  title,
  lead,
  className,
  children,
}: {
  id?: string;
  title: string;
  lead?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={`render-near-screen scroll-mt-20 py-14 sm:py-20 ${className ?? ""}`}
    >
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 sm:px-6 md:px-10">
        <div className="flex flex-col items-center gap-2 text-center">
          <h2 className="text-3xl font-extrabold tracking-tight text-balance">{title}</h2>
          {lead ? <p className="max-w-xl text-muted-foreground">{lead}</p> : null}
        </div>
        {/* A boundary per section: a server-rendered page hydrates section by section, in
            short tasks, instead of in one long one (docs/decisions/009). */}
        <Suspense fallback={null}>{children}</Suspense>
      </div>
    </section>
  );
}

/** The page's width and side margins, for a band between sections; drawn as it nears the screen. */
function Band({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={cn("render-near-screen mx-auto w-full max-w-6xl px-4 sm:px-6 md:px-10", className)}
    >
      {children}
    </div>
  );
}

/**
 * A card of the benefits or of the numbered steps: its icon (in the primary colour, or in the
 * accent for a step, whose number stands faint in the corner), title and text.
 */
function FeatureCard({
  number,
  icon,
  title,
  children,
}: {
  number?: number;
  icon: ReactNode;
  title: string;
  children: string;
}) {
  return (
    <li className="relative flex flex-col gap-3 rounded-2xl border bg-card p-5 shadow-soft">
      {number === undefined ? null : (
        <span className="absolute top-4 right-5 text-4xl font-black text-primary/10" aria-hidden>
          {number}
        </span>
      )}
      <span
        className={cn(
          "flex size-11 items-center justify-center rounded-xl [&_svg]:size-5",
          number === undefined
            ? "bg-primary-soft text-primary"
            : "bg-accent-soft text-accent-soft-foreground",
        )}
      >
        {icon}
      </span>
      <h3 className="text-lg font-bold">{title}</h3>
      <p className="text-sm leading-relaxed text-muted-foreground">{children}</p>
    </li>
  );
}
