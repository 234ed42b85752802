import { Link } from "react-router";
import { LanguageToggle } from "@/components/language-toggle";
import { Logo } from "@/components/logo";
import { useI18n } from "@/lib/i18n";

/** The top bar below 768px: logo and language toggle. */
export function MobileHeader() {
  const { t } = useI18n();
  return (
    <header
      data-slot="mobile-header"
      className="pt-safe sticky top-0 z-30 border-b border-border/70 bg-background/90 backdrop-blur-md md:hidden"
    >
      <div className="flex h-16 items-center justify-between gap-3 px-4">
        <Link to="/" aria-label={t("app.homeLink")} className="rounded-xl">
          <Logo markClassName="size-8" />
        </Link>
        <LanguageToggle />
      </div>
    </header>
  );
}
