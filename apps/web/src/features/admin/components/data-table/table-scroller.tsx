import type { ReactNode } from "react";

/**
 * The horizontal scroller around an admin table. On a phone the table is wider than the screen:
 * the scroller takes keyboard focus so it can be scrolled with the arrow keys even when the rows
 * hold no link or button, and it is a region named by the table's caption.
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto focus-visible:-outline-offset-2"
    >
      {children}
    </div>
  );
}
