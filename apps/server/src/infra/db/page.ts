import { sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";

/** A list's page, counted from 1, of `pageSize` rows. */
export interface PageWindow {
  page: number;
  pageSize: number;
}

/** `count(*)` as the column `{ n }` of a page's count query. */
export const countAll = sql<number>`count(*)::int`;

/**
 * One page of a list and how many rows its filter matches in all, read at once: `rows` is the
 * ordered query (made `.$dynamic()`), to which the page's LIMIT and OFFSET are added; `count` is
 * the same query's count, `{ n }` (`countAll`, or drizzle's `count()`).
 */
export async function readPage<T extends PgSelect>(
  window: PageWindow,
  rows: T,
  count: PromiseLike<{ n: number }[]>,
): Promise<{ rows: Awaited<T>; total: number }> {
  const [page, counted] = await Promise.all([
    rows.limit(window.pageSize).offset((window.page - 1) * window.pageSize),
    count,
  ]);
  return { rows: page, total: Number(counted[0]?.n ?? 0) };
}
