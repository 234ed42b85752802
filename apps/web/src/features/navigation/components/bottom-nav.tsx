import type { ReactNode } from "react";
import { useLocation } from "@/lib/router";
import { PageLink } from "@/lib/page-navigation";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { MAIN_NAV, getActiveNavEntry } from "../nav-items";
import { itemClass, pillClass } from "./nav-classes";

/**
 * The fixed bottom bar below 768px: the four entries plus the Setting menu (`setting`, the
 * app layout's SettingSlot in an island).
 */
export function BottomNav({ setting }: { setting: ReactNode }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const active = getActiveNavEntry(pathname);

  return (
    <nav
      aria-label={t("nav.mainLabel")}
      data-slot="bottom-nav"
      className="pb-safe fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 shadow-[0_-8px_24px_-16px_rgb(28_22_49/0.25)] backdrop-blur-md md:hidden"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-5 gap-0.5 px-1.5">
        {MAIN_NAV.map((entry) => {
          const isActive = entry.id === active;
          const Icon = entry.icon;
          return (
            <li key={entry.id} className="min-w-0">
              <PageLink
                href={entry.href}
                aria-current={isActive ? "page" : undefined}
                className={cn(itemClass, isActive && "font-semibold text-primary")}
              >
                <span
                  className={cn(
                    pillClass,
                    isActive ? "bg-primary-soft" : "group-hover/item:bg-muted",
                  )}
                >
                  <Icon aria-hidden />
                </span>
                <span className="max-w-full truncate">{t(entry.labelKey)}</span>
              </PageLink>
            </li>
          );
        })}
        <li className="min-w-0">{setting}</li>
      </ul>
    </nav>
  );
}
