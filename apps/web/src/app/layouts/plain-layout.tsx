import { Outlet } from "@/lib/router";
import { PageLink } from "@/lib/page-navigation";
import { LanguageToggle } from "@/components/language-toggle";
import { Logo } from "@/components/logo";
import { useI18n } from "@/lib/i18n";
import { SkipLink } from "./skip-link";

/** Pages without the main navigation (/auth, 404): logo and language toggle only. */
export function PlainLayout() {
  const { t } = useI18n();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="pt-safe border-b border-border/70 bg-background/90">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6 md:h-20 md:px-10">
          <PageLink href="/" aria-label={t("app.homeLink")} className="rounded-xl">
            <Logo />
          </PageLink>
          <LanguageToggle />
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="pb-safe mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 py-8 outline-none sm:px-6 md:px-10 md:py-12"
      >
        <Outlet />
      </main>
    </div>
  );
}
