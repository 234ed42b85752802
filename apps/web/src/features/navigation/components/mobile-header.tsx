import { PageLink } from "@/lib/page-navigation";
import { LanguageToggle } from "@/components/language-toggle";
import { Logo, LogoMark } from "@/components/logo";
import { useI18n } from "@/lib/i18n";
import type { NavSession } from "../nav-session";
import { HeaderSession } from "./session-controls";

/** The top bar below 768px: logo, the balance or a sign-in button, and the language toggle. */
export function MobileHeader({ session }: { session: NavSession }) {
  const { t } = useI18n();
  return (
    <header
      data-slot="mobile-header"
      className="pt-safe sticky top-0 z-30 border-b border-border/70 bg-background/90 backdrop-blur-md md:hidden"
    >
      <div className="flex h-16 items-center gap-2 px-4">
        <PageLink href="/" aria-label={t("app.homeLink")} className="mr-auto shrink-0 rounded-xl">
          {/* Signed in, the balance needs the room: the mark alone stands for Rupa. */}
          {session.kind === "user" ? (
            <LogoMark className="size-8" />
          ) : (
            <Logo markClassName="size-8" />
          )}
        </PageLink>
        <HeaderSession session={session} />
        <LanguageToggle />
      </div>
    </header>
  );
}
