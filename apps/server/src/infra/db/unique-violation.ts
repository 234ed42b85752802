/** PostgreSQL's unique violation (23505), on the error or its cause (drizzle wraps driver errors). */
export function isUniqueViolation(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 4; depth++) {
    if (typeof cur === "object" && "code" in cur && cur.code === "23505") return true;
    cur = typeof cur === "object" && "cause" in cur ? cur.cause : undefined;
  }
  return false;
}
