import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useHydrated } from "@/lib/use-hydrated";
import { cn } from "@/lib/utils";

export type TabItem<T extends string> = { value: T; label: ReactNode };

/**
 * A tab list (WAI-ARIA tabs, automatic activation): arrow keys, Home and End move between tabs.
 * Always render the selected panel with <TabPanel> using the same `idBase`: the selected tab's
 * aria-controls points at it (an aria-controls to an element not in the page is invalid ARIA).
 */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  idBase,
  className,
  tabClassName,
}: {
  items: TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  idBase: string;
  className?: string;
  /** Extra classes for every tab button (e.g. equal widths on phones). */
  tabClassName?: string;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  // In a server-rendered page the tabs wait for their code: a tap is never silently lost.
  const hydrated = useHydrated();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value);
    let next = -1;
    if (event.key === "ArrowRight") next = (index + 1) % items.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    const item = items[next];
    if (!item) return;
    event.preventDefault();
    onChange(item.value);
    refs.current.get(item.value)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      data-slot="tabs"
      onKeyDown={onKeyDown}
      className={cn(
        "flex max-w-full gap-1 overflow-x-auto rounded-2xl border bg-muted p-1 [scrollbar-width:none]",
        className,
      )}
    >
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(element) => {
              if (element) refs.current.set(item.value, element);
              else refs.current.delete(item.value);
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${item.value}`}
            aria-selected={selected}
            // Only the chosen tab's panel is in the page: the others point at nothing.
            aria-controls={selected ? `${idBase}-panel-${item.value}` : undefined}
            tabIndex={selected ? 0 : -1}
            disabled={!hydrated}
            onClick={() => onChange(item.value)}
            className={cn(
              "inline-flex min-h-10 shrink-0 items-center justify-center rounded-xl px-4 text-sm font-semibold whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground aria-selected:bg-card aria-selected:text-primary aria-selected:shadow-soft",
              tabClassName,
            )}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({
  idBase,
  value,
  className,
  children,
}: {
  idBase: string;
  value: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={`${idBase}-panel-${value}`}
      aria-labelledby={`${idBase}-tab-${value}`}
      tabIndex={0}
      className={cn("outline-none focus-visible:ring-[3px] focus-visible:ring-ring/30", className)}
    >
      {children}
    </div>
  );
}

/** A stable id prefix for one Tabs/TabPanel pair. */
export function useTabsId(): string {
  return useId().replace(/:/g, "");
}
