import { type Column, ilike, or, type SQL } from "drizzle-orm";

/** A text with `\`, `%` and `_` escaped: in a LIKE pattern they are letters, not wildcards. */
const likeLiteral = (q: string): string => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** A search text as an `ILIKE` pattern that matches it anywhere: `%` and `_` in it are letters, not wildcards. */
export function likePattern(q: string): string {
  return `%${likeLiteral(q)}%`;
}

/** A `LIKE` pattern for what starts with `prefix`, taken letter for letter. */
export function likePrefix(prefix: string): string {
  return `${likeLiteral(prefix)}%`;
}

/**
 * Whether any of `columns` contains the search text `q`, in any case (ILIKE): a list's search
 * box over the columns it searches.
 */
export function anyContains(columns: readonly Column[], q: string): SQL {
  const p = likePattern(q);
  return or(...columns.map((column) => ilike(column, p)))!;
}
