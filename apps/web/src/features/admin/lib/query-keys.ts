/**
 * Query keys of the admin panel, one branch per section (`["admin", "<section>", …]`), so a
 * change in one section invalidates exactly what it touched. They live with the admin code
 * (not the app's `@/lib/query-keys`, which the landing page downloads).
 */
export const adminKeys = {
  all: ["admin"] as const,
  section: (section: string) => ["admin", section] as const,
  list: (section: string, query: unknown) => ["admin", section, "list", query] as const,
};
