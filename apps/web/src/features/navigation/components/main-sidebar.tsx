import { LogIn, LogOut, ShieldCheck } from "lucide-react";
import { useLocation } from "@/lib/router";
import { PageLink } from "@/lib/page-navigation";
import { LanguageToggle } from "@/components/language-toggle";
import { Logo } from "@/components/logo";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { ACCOUNT_NAV, MAIN_NAV, getActiveNavEntry } from "../nav-items";
import type { NavSession } from "../nav-session";
import { SidebarSession } from "./session-controls";

export type NavActions = {
  /** Who is here: decides between the credit balance and a sign-in button, and Keluar. */
  session: NavSession;
  /** Signs the user out (the app layout passes features/auth's signOut). */
  onSignOut: () => void;
};

const itemClass =
  "group/nav flex min-h-11 items-center gap-3 rounded-xl px-3 text-[0.95rem] font-medium text-secondary-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none";

/** The left sidebar at 768px and wider. */
export function MainSidebar({ session, onSignOut }: NavActions) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const active = getActiveNavEntry(pathname);

  return (
    <aside
      data-slot="main-sidebar"
      className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-sidebar-border bg-sidebar md:flex"
    >
      <div className="flex h-20 items-center px-6">
        <PageLink
          href="/"
          aria-label={t("app.homeLink")}
          className="rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/40"
        >
          <Logo />
        </PageLink>
      </div>

      <div className="px-3 pb-4">
        <SidebarSession session={session} />
      </div>

      <nav aria-label={t("nav.mainLabel")} className="px-3">
        <ul className="flex flex-col gap-1">
          {MAIN_NAV.map((entry) => {
            const isActive = entry.id === active;
            const Icon = entry.icon;
            return (
              <li key={entry.id}>
                <PageLink
                  href={entry.href}
                  aria-current={isActive ? "page" : undefined}
                  className={cn(
                    itemClass,
                    "relative",
                    isActive &&
                      "bg-primary-soft font-semibold text-primary-soft-foreground before:absolute before:inset-y-2.5 before:-left-3 before:w-1 before:rounded-r-full before:bg-primary hover:bg-primary-soft hover:text-primary-soft-foreground",
                  )}
                >
                  <Icon
                    className={cn(
                      "size-5 text-muted-foreground group-hover/nav:text-foreground",
                      isActive && "text-primary group-hover/nav:text-primary",
                    )}
                    aria-hidden
                  />
                  {t(entry.labelKey)}
                </PageLink>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-auto flex flex-col gap-3 border-t border-sidebar-border p-3">
        <nav aria-label={t("nav.accountLabel")}>
          <ul className="flex flex-col gap-1">
            {ACCOUNT_NAV.map((entry) => {
              const Icon = entry.icon;
              const isCurrent = pathname === entry.href;
              return (
                <li key={entry.id}>
                  <PageLink
                    href={entry.href}
                    aria-current={isCurrent ? "page" : undefined}
                    className={cn(itemClass, isCurrent && "bg-muted text-foreground")}
                  >
                    <Icon className="size-5 text-muted-foreground" aria-hidden />
                    {t(entry.labelKey)}
                  </PageLink>
                </li>
              );
            })}
            {session.kind === "user" && session.isAdmin ? (
              <li>
                <PageLink href="/admin" className={itemClass}>
                  <ShieldCheck className="size-5 text-muted-foreground" aria-hidden />
                  {t("session.admin")}
                </PageLink>
              </li>
            ) : null}
            {session.kind === "user" ? (
              <li>
                <button
                  type="button"
                  onClick={onSignOut}
                  className={cn(
                    itemClass,
                    "w-full text-left hover:bg-destructive/8 hover:text-destructive",
                  )}
                >
                  <LogOut
                    className="size-5 text-muted-foreground group-hover/nav:text-destructive"
                    aria-hidden
                  />
                  {t("nav.signOut")}
                </button>
              </li>
            ) : null}
            {session.kind === "visitor" ? (
              <li>
                <PageLink href="/auth" className={itemClass}>
                  <LogIn className="size-5 text-muted-foreground" aria-hidden />
                  {t("session.signIn")}
                </PageLink>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="flex items-center justify-between gap-2 px-3 pb-1">
          <span className="text-xs font-medium text-muted-foreground">{t("language.label")}</span>
          <LanguageToggle />
        </div>
      </div>
    </aside>
  );
}
