import { Settings } from "lucide-react";
import { Suspense, lazy, useState, type KeyboardEvent } from "react";
import { Link, useLocation } from "react-router";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { MAIN_NAV, getActiveNavEntry } from "../nav-items";
import type { NavActions } from "./main-sidebar";

// The dropdown (Radix menu, positioning, focus handling) is downloaded only when the user
// reaches for it, so it costs nothing on desktop or on a first visit.
const SettingMenu = lazy(() => import("./setting-menu"));

const itemClass =
  "group/item flex min-h-16 w-full flex-col items-center justify-center gap-1 rounded-2xl px-1 pt-2 pb-1.5 text-[0.7rem] leading-none font-medium text-muted-foreground transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none";

const pillClass =
  "flex h-8 w-14 items-center justify-center rounded-full transition-colors [&_svg]:size-[1.35rem]";

const settingTriggerClass = cn(itemClass, "data-[state=open]:text-foreground");
const settingPillClass = cn(
  pillClass,
  "group-hover/item:bg-muted group-data-[state=open]/item:bg-muted",
);

function SettingSlot({ session, onSignOut }: NavActions) {
  const { t } = useI18n();
  const [load, setLoad] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focusOnLoad, setFocusOnLoad] = useState(false);

  const open = () => {
    setLoad(true);
    setOpenOnLoad(true);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " " || event.key === "ArrowDown") {
      event.preventDefault();
      open();
    }
  };

  // Looks and reads exactly like the real trigger.
  const placeholder = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={settingTriggerClass}
      onPointerEnter={() => setLoad(true)}
      onFocus={() => {
        setLoad(true);
        setFocusOnLoad(true);
      }}
      onBlur={() => setFocusOnLoad(false)}
      onPointerDown={open}
      onKeyDown={onKeyDown}
      onClick={open}
    >
      <span className={settingPillClass}>
        <Settings aria-hidden />
      </span>
      <span className="max-w-full truncate">{t("nav.setting")}</span>
    </button>
  );

  if (!load) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <SettingMenu
        session={session}
        onSignOut={onSignOut}
        triggerClassName={settingTriggerClass}
        pillClassName={settingPillClass}
        defaultOpen={openOnLoad}
        autoFocus={focusOnLoad}
      />
    </Suspense>
  );
}

/** The fixed bottom bar below 768px: the four entries plus the Setting menu. */
export function BottomNav({ session, onSignOut }: NavActions) {
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
              <Link
                to={entry.href}
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
              </Link>
            </li>
          );
        })}
        <li className="min-w-0">
          <SettingSlot session={session} onSignOut={onSignOut} />
        </li>
      </ul>
    </nav>
  );
}
