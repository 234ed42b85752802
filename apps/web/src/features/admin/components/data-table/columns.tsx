import type { ColumnDef } from "@tanstack/react-table";
import { AdminTime } from "../admin-time";

/** The keys of `T` that hold a timestamp (an ISO string, or null while there is none). */
type TimeKey<T> = {
  [K in keyof T]: T[K] extends string | null | undefined ? K : never;
}[keyof T] &
  string;

/**
 * A table column of the row's timestamp `id` (also the column's id, which sorting names), shown
 * as AdminTime, or "—" while the row has none. `dateOnly` leaves out the time.
 *
 *   timeColumn("createdAt", t("users.columns.createdAt"), { dateOnly: true })
 */
export function timeColumn<T>(
  id: TimeKey<T>,
  header: string,
  { dateOnly = false }: { dateOnly?: boolean } = {},
): ColumnDef<T, unknown> {
  return {
    id,
    header,
    cell: ({ row }) => {
      const value = row.original[id] as string | null | undefined;
      return value ? <AdminTime value={value} dateOnly={dateOnly} /> : "—";
    },
  };
}
