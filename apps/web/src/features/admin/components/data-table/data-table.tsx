import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useAdminI18n } from "../../lib/admin-i18n";
import { DataTablePagination } from "./data-table-pagination";
import { tableClasses, TableEmpty, TableFailed, TableFrame, TableLoading } from "./table-frame";

/** The part of a table's URL state the table itself changes. */
export interface TablePaging<S extends string = string> {
  page: number;
  pageSize: number;
  /** `<column>.<asc|desc>`; a column is sortable when its id is one of the server's columns. */
  sort: S;
}

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    /** Extra classes for the column's cells (width, alignment, hiding on phones). */
    className?: string;
  }
}

function splitSort(sort: string): { column: string; desc: boolean } {
  const dot = sort.lastIndexOf(".");
  return { column: sort.slice(0, dot), desc: sort.slice(dot + 1) === "desc" };
}

/**
 * An admin table in the satnaing/shadcn-admin style, paged, sorted and filtered on the server
 * (TanStack Table's manual modes with the server's row count). Loading shows skeleton rows,
 * a failure shows the error with "Try again", and an empty answer says so. On a phone the table
 * scrolls sideways inside its card instead of squeezing.
 */
/** The parts of a table's TanStack Query result the table reads. */
export interface TableQuery<T> {
  data: { items: T[]; total: number } | undefined;
  isFetching: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

export function DataTable<T extends { id: string }, S extends string = string>({
  columns,
  query,
  state,
  onStateChange,
  sortable,
  errorText,
  emptyText,
  filtered,
  onResetFilters,
  caption,
  toolbar,
}: {
  columns: ColumnDef<T, unknown>[];
  /** The page's query: rows and total from the server, fetching and failure. */
  query: TableQuery<T>;
  state: TablePaging<S>;
  onStateChange: (patch: Partial<TablePaging<S>>) => void;
  /** Column ids the server sorts by. */
  sortable: readonly string[];
  /** The message (translated) when the last fetch failed and there is nothing to show. */
  errorText: string;
  emptyText: string;
  /** Whether a search or filter is narrowing the rows (the empty state then offers to clear it). */
  filtered?: boolean;
  onResetFilters?: () => void;
  caption: string;
  toolbar?: ReactNode;
}) {
  const { t } = useAdminI18n();
  const data = query.data?.items;
  const total = query.data?.total;
  const isLoading = query.isFetching;
  const error = query.isError ? errorText : null;
  const onRetry = () => void query.refetch();
  const sort = splitSort(state.sort);
  // TanStack Table's API is not memoizable; the React Compiler leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: data ?? [],
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total ?? 0,
    enableSortingRemoval: false,
    state: {
      pagination: { pageIndex: state.page - 1, pageSize: state.pageSize },
      sorting: [{ id: sort.column, desc: sort.desc }],
    },
  });

  const rows = table.getRowModel().rows;

  function sortHeader(header: Header<T, unknown>) {
    const content = flexRender(header.column.columnDef.header, header.getContext());
    if (!sortable.includes(header.column.id)) return content;
    const active = sort.column === header.column.id;
    const nextDesc = active ? !sort.desc : header.column.id !== "name";
    const Icon = !active ? ArrowUpDown : sort.desc ? ArrowDown : ArrowUp;
    return (
      <button
        type="button"
        className="-mx-2 inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 font-semibold hover:bg-muted"
        aria-label={`${typeof header.column.columnDef.header === "string" ? header.column.columnDef.header : ""} — ${
          nextDesc ? t("common.sortDescending") : t("common.sortAscending")
        }`}
        onClick={() =>
          onStateChange({ sort: `${header.column.id}.${nextDesc ? "desc" : "asc"}` as S })
        }
      >
        {content}
        <Icon aria-hidden className={cn("size-3.5", !active && "text-muted-foreground/60")} />
      </button>
    );
  }

  // Loading, failure and emptiness are shown under the header row, outside the table's sideways
  // scroll, so the message stays readable on a phone.
  let message: ReactNode = null;
  if (isLoading && !data) message = <TableLoading rows={Math.min(state.pageSize, 8)} />;
  else if (error && !data) message = <TableFailed error={error} onRetry={onRetry} />;
  else if (rows.length === 0)
    message = (
      <TableEmpty
        text={filtered ? t("common.noMatches") : emptyText}
        action={
          filtered &&
          onResetFilters && (
            <Button variant="outline" onClick={onResetFilters}>
              {t("common.resetFilters")}
            </Button>
          )
        }
      />
    );

  return (
    <div className="flex flex-col gap-4">
      {toolbar}
      <TableFrame
        caption={caption}
        busy={isLoading}
        below={
          <>
            {message}
            {total !== undefined && total > 0 && (
              <DataTablePagination
                page={state.page}
                pageSize={state.pageSize}
                total={total}
                onPage={(page) => onStateChange({ page })}
                onPageSize={(pageSize) => onStateChange({ pageSize })}
              />
            )}
          </>
        }
        head={table.getHeaderGroups().map((group) => (
          <tr key={group.id} className="border-b border-border/70">
            {group.headers.map((header) => {
              const active = sort.column === header.column.id;
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={active ? (sort.desc ? "descending" : "ascending") : undefined}
                  className={cn(tableClasses.headCell, header.column.columnDef.meta?.className)}
                >
                  {header.isPlaceholder ? null : sortHeader(header)}
                </th>
              );
            })}
          </tr>
        ))}
      >
        {message === null &&
          rows.map((row) => (
            <tr key={row.id} data-testid="data-table-row" className={tableClasses.row}>
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  className={cn(tableClasses.cell, cell.column.columnDef.meta?.className)}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
      </TableFrame>
    </div>
  );
}
