/** A search text as an `ILIKE` pattern that matches it anywhere: `%` and `_` in it are letters, not wildcards. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
