import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { tableClasses, TableEmpty, TableFailed, TableFrame, TableLoading } from "./table-frame";

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
  let message: ReactNode = null;
  if (!rows && loading) message = <TableLoading rows={3} />;
  else if (!rows && error) message = <TableFailed error={error} onRetry={onRetry} />;
  else if (!rows || rows.length === 0) message = <TableEmpty text={emptyText} />;

  return (
    <TableFrame
      caption={caption}
      busy={loading}
      below={message}
      head={
        <tr className="border-b border-border/70">
          {columns.map((c) => (
            <th key={c.id} scope="col" className={cn(tableClasses.headCell, c.className)}>
              {c.header}
            </th>
          ))}
        </tr>
      }
    >
      {message === null &&
        rows?.map((row) => (
          <tr key={row.id} data-testid={rowTestId} className={tableClasses.row}>
            {columns.map((c) => (
              <td key={c.id} className={cn(tableClasses.cell, c.className)}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
    </TableFrame>
  );
}
