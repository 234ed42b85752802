import { AlertTriangle, Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useAdminI18n } from "../../lib/admin-i18n";

/** The classes of an admin table's header cell, row and cell (a column may add its own). */
export const tableClasses = {
  headCell: "relative px-4 py-2.5 font-semibold whitespace-nowrap",
  row: "border-b border-border/60 transition-colors last:border-0 hover:bg-muted/40",
  cell: "relative px-4 py-3 align-middle",
};

/**
 * An admin table's frame, shared by DataTable and ListTable: the card, the horizontal scroller and
 * the table with its caption, its header rows (`head`) and body rows (`children`); `below` (the
 * loading, failure or empty state, then paging) stands under the table, outside the sideways
 * scroll, so it stays readable on a phone.
 *
 * On a phone the table is wider than the screen: the scroller takes keyboard focus so it can be
 * scrolled with the arrow keys even when the rows hold no link or button, and it is a region
 * named by the table's caption.
 */
export function TableFrame({
  caption,
  busy,
  head,
  children,
  below,
}: {
  caption: string;
  busy: boolean;
  head: ReactNode;
  children: ReactNode;
  below: ReactNode;
}) {
  return (
    <div
      data-slot="data-table"
      aria-busy={busy}
      className="overflow-hidden rounded-2xl border border-border/70 bg-card shadow-[0_1px_2px_rgb(28_22_49/0.04)]"
    >
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="overflow-x-auto focus-visible:-outline-offset-2"
      >
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/50 text-xs text-muted-foreground">{head}</thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      {below}
    </div>
  );
}

/** What stands under the table while its rows load: `rows` skeleton lines. */
export function TableLoading({ rows }: { rows: number }) {
  const { t } = useAdminI18n();
  return (
    <div className="flex flex-col gap-3 px-4 py-4">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-6 w-full" />
      ))}
      <span className="sr-only">{t("common.loading")}</span>
    </div>
  );
}

/** The last fetch failed with nothing to show: the translated `error` and a retry. */
export function TableFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  const { t } = useAdminI18n();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <AlertTriangle aria-hidden className="size-8 text-destructive" />
      <p className="font-semibold">{error}</p>
      <Button variant="outline" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </div>
  );
}

/** No rows: `text`, and `action` (such as resetting the filters) under it. */
export function TableEmpty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-12 text-center text-muted-foreground">
      <Inbox aria-hidden className="size-8" />
      <p>{text}</p>
      {action}
    </div>
  );
}
