import { Settings } from "lucide-react";
import { Suspense, lazy, useState, type KeyboardEvent } from "react";
import { useI18n } from "@/lib/i18n";
import { useHydrated } from "@/lib/use-hydrated";
import { cn } from "@/lib/utils";
import { itemClass, pillClass } from "./nav-classes";
import type { NavActions } from "./main-sidebar";

// The dropdown (Radix menu, positioning, focus handling) is downloaded only when the user
// reaches for it, so it costs nothing on desktop or on a first visit.
const SettingMenu = lazy(() => import("./setting-menu"));

const settingTriggerClass = cn(itemClass, "data-[state=open]:text-foreground");
const settingPillClass = cn(
  pillClass,
  "group-hover/item:bg-muted group-data-[state=open]/item:bg-muted",
);

/** The bottom bar's Setting entry: a button that loads and opens the Setting menu. */
export function SettingSlot({ session, onSignOut }: NavActions) {
  const { t } = useI18n();
  const hydrated = useHydrated();
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

  // Looks and reads exactly like the real trigger. In a server page's HTML it stays disabled
  // until the bar's island runs, so a tap before then is not lost.
  const placeholder = (
    <button
      type="button"
      disabled={!hydrated}
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
