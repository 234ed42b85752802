import { z } from "zod";

/**
 * What every admin table shares (docs/product/admin.md, ADR 017): the server pages, sorts and
 * filters, and the same query schema validates the request on the server and the URL on the web
 * (`?page&pageSize&sort&q&…`), so a reload or a shared link shows the same view.
 */

export const ADMIN_PAGE_SIZES = [10, 20, 50, 100] as const;
export type AdminPageSize = (typeof ADMIN_PAGE_SIZES)[number];
export const ADMIN_DEFAULT_PAGE_SIZE: AdminPageSize = 20;
/** Deeper pages than this are refused: search instead of paging through the whole table. */
export const ADMIN_MAX_PAGE = 10_000;
export const ADMIN_SEARCH_MAX = 100;

export type SortDirection = "asc" | "desc";
/** `<column>.<direction>`, e.g. `createdAt.desc`. */
export type SortValue<C extends string> = `${C}.${SortDirection}`;

export function sortValues<const C extends string>(columns: readonly C[]): SortValue<C>[] {
  return columns.flatMap((c) => [`${c}.asc`, `${c}.desc`] as SortValue<C>[]);
}

/** `createdAt.desc` → { column: "createdAt", direction: "desc" }. */
export function parseSort<C extends string>(
  value: SortValue<C>,
): { column: C; direction: SortDirection } {
  const dot = value.lastIndexOf(".");
  return { column: value.slice(0, dot) as C, direction: value.slice(dot + 1) as SortDirection };
}

/** A query-string number (the URL and the server both see text). */
const intParam = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,6}$/)])
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/**
 * The query of one admin table: page (1-based), page size, sort (one of the sortable columns,
 * either way), a free-text search, and the table's own filters (each optional, e.g. `status`).
 */
export function adminTableQuery<
  const C extends string,
  F extends z.ZodRawShape = Record<never, z.ZodType>,
>(opts: { sortable: readonly C[]; defaultSort: SortValue<C>; filters?: F }) {
  const sorts = sortValues(opts.sortable) as [SortValue<C>, ...SortValue<C>[]];
  return z.object({
    page: intParam(1, ADMIN_MAX_PAGE).default(1),
    pageSize: intParam(1, 100)
      .refine((n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n), {
        message: `One of ${ADMIN_PAGE_SIZES.join(", ")}`,
      })
      .default(ADMIN_DEFAULT_PAGE_SIZE),
    sort: (z.enum(sorts) as unknown as z.ZodType<SortValue<C>, SortValue<C>>).default(
      opts.defaultSort,
    ),
    q: z.string().trim().max(ADMIN_SEARCH_MAX).default(""),
    ...((opts.filters ?? {}) as F),
  });
}

/** One page of an admin table: the rows, the number of rows that match, and where we are. */
export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
