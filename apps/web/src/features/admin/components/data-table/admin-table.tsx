import type { ColumnDef } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { DataTable, type TablePaging, type TableQuery } from "./data-table";
import {
  DataTableToolbar,
  RefreshButton,
  TableFilter,
  TableSearch,
  type FilterOption,
} from "./data-table-toolbar";

/** A table's URL state as `useTableState` gives it: paging and sorting, the search, its filters. */
type AdminTableState<S extends string> = TablePaging<S> & { q: string };

/** One select above the table, bound to a key of the URL state. */
export interface AdminTableFilter<K extends string> {
  key: K;
  label: string;
  options: readonly FilterOption<string>[];
  /** Other keys a change of this one empties (a narrower filter that no longer applies). */
  clears?: readonly K[];
}

/**
 * An admin section's table with its usual toolbar: the search box, the filters and Refresh, all
 * kept in the URL. "Clear filters" in the empty state empties the search, the filters and the
 * `hiddenFilters` (those only a link sets, such as one user's id).
 */
export function AdminTable<
  T extends { id: string },
  S extends string,
  St extends AdminTableState<S>,
  K extends Extract<keyof St, string>,
>({
  columns,
  query,
  state,
  set,
  sortable,
  caption,
  errorText,
  emptyText,
  searchPlaceholder,
  filters = [],
  hiddenFilters = [],
  refresh,
}: {
  columns: ColumnDef<T, unknown>[];
  query: TableQuery<T>;
  state: St;
  set: (patch: Partial<St>, opts?: { replace?: boolean }) => void;
  sortable: readonly string[];
  caption: string;
  errorText: string;
  emptyText: string;
  searchPlaceholder: string;
  filters?: readonly AdminTableFilter<K>[];
  hiddenFilters?: readonly K[];
  /** What Refresh does when the page has more to reload than the table. */
  refresh?: { onClick: () => void; busy: boolean };
}) {
  const keys = [...filters.map((f) => f.key), ...hiddenFilters];
  const filtered = Boolean(state.q) || keys.some((k) => state[k] !== undefined && state[k] !== "");
  const emptied = (list: readonly K[]) =>
    Object.fromEntries(list.map((k) => [k, undefined])) as Partial<St>;

  const toolbar: ReactNode = (
    <DataTableToolbar>
      <TableSearch
        value={state.q}
        placeholder={searchPlaceholder}
        onChange={(q) => set({ q } as Partial<St>, { replace: true })}
      />
      {filters.map((f) => (
        <TableFilter
          key={f.key}
          label={f.label}
          value={state[f.key] as string | undefined}
          options={f.options}
          onChange={(value) => set({ ...emptied(f.clears ?? []), [f.key]: value })}
        />
      ))}
      <RefreshButton
        onClick={refresh?.onClick ?? (() => void query.refetch())}
        busy={refresh?.busy ?? query.isFetching}
      />
    </DataTableToolbar>
  );

  return (
    <DataTable
      caption={caption}
      columns={columns}
      query={query}
      state={state}
      onStateChange={(patch) => set(patch as Partial<St>)}
      sortable={sortable}
      errorText={errorText}
      emptyText={emptyText}
      filtered={filtered}
      onResetFilters={() => set({ ...emptied(keys), q: "" })}
      toolbar={toolbar}
    />
  );
}
