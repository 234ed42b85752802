import { AlertTriangle, Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useAdminI18n } from "../../lib/admin-i18n";
import { TableScroller } from "./table-scroller";

export interface ListColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * A short, whole list in the admin table's look (a section's configurations, the 50 newest
 * requests): no paging or sorting, with the same loading, failure-with-retry and empty states
 * as DataTable. Long lists use DataTable, paged on the server.
 */
export function ListTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  loading,
  error,
  onRetry,
  emptyText,
  rowTestId,
}: {
  caption: string;
  columns: ListColumn<T>[];
  rows: T[] | undefined;
  loading: boolean;
  /** The translated message when the last fetch failed and there is nothing to show. */
  error: string | null;
  onRetry: () => void;
  emptyText: string;
  rowTestId?: string;
}) {
  const { t } = useAdminI18n();
  let message: ReactNode = null;
  if (!rows && loading) {
    message = (
      <div className="flex flex-col gap-3 px-4 py-4">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
        <span className="sr-only">{t("common.loading")}</span>
      </div>
    );
  } else if (!rows && error) {
    message = (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-12 text-center">
        <AlertTriangle aria-hidden className="size-8 text-destructive" />
        <p className="font-semibold">{error}</p>
        <Button variant="outline" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      </div>
    );
  } else if (!rows || rows.length === 0) {
    message = (
      <div className="flex flex-col items-center gap-3 px-4 py-12 text-center text-muted-foreground">
        <Inbox aria-hidden className="size-8" />
        <p>{emptyText}</p>
      </div>
    );
  }

  return (
    <div
      data-slot="data-table"
      aria-busy={loading}
      className="overflow-hidden rounded-2xl border border-border/70 bg-card shadow-[0_1px_2px_rgb(28_22_49/0.04)]"
    >
      <TableScroller label={caption}>
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr className="border-b border-border/70">
              {columns.map((c) => (
                <th
                  key={c.id}
                  scope="col"
                  className={cn(
                    "relative px-4 py-2.5 font-semibold whitespace-nowrap",
                    c.className,
                  )}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {message === null &&
              rows?.map((row) => (
                <tr
                  key={row.id}
                  data-testid={rowTestId}
                  className="border-b border-border/60 transition-colors last:border-0 hover:bg-muted/40"
                >
                  {columns.map((c) => (
                    <td key={c.id} className={cn("relative px-4 py-3 align-middle", c.className)}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </TableScroller>
      {message}
    </div>
  );
}
