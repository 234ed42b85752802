import { LogIn, LogOut, Settings, ShieldCheck } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useI18n } from "@/lib/i18n";
import { PageLink } from "@/lib/page-navigation";
import { ACCOUNT_NAV } from "../nav-items";
import type { NavActions } from "./main-sidebar";

export type SettingMenuProps = NavActions & {
  triggerClassName: string;
  pillClassName: string;
  /** Open at once: the user tapped the placeholder button while this code was loading. */
  defaultOpen: boolean;
  /** Take focus on mount: the placeholder button had it. */
  autoFocus: boolean;
};

/** The Radix "Setting" dropdown of the bottom bar; loaded on first use (see bottom-nav.tsx). */
export default function SettingMenu({
  session,
  onSignOut,
  triggerClassName,
  pillClassName,
  defaultOpen,
  autoFocus,
}: SettingMenuProps) {
  const { t } = useI18n();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={triggerClassName} autoFocus={autoFocus}>
        <span className={pillClassName}>
          <Settings aria-hidden />
        </span>
        <span className="max-w-full truncate">{t("nav.setting")}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="end" collisionPadding={12}>
        {ACCOUNT_NAV.map((entry) => {
          const Icon = entry.icon;
          return (
            <DropdownMenuItem key={entry.id} asChild>
              <PageLink href={entry.href}>
                <Icon aria-hidden />
                {t(entry.labelKey)}
              </PageLink>
            </DropdownMenuItem>
          );
        })}
        {session.kind === "user" && session.isAdmin ? (
          <DropdownMenuItem asChild>
            <PageLink href="/admin">
              <ShieldCheck aria-hidden />
              {t("session.admin")}
            </PageLink>
          </DropdownMenuItem>
        ) : null}
        {session.kind === "user" ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={onSignOut}>
              <LogOut aria-hidden />
              {t("nav.signOut")}
            </DropdownMenuItem>
          </>
        ) : null}
        {session.kind === "visitor" ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <PageLink href="/auth">
                <LogIn aria-hidden />
                {t("session.signIn")}
              </PageLink>
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
