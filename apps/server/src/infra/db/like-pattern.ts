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
