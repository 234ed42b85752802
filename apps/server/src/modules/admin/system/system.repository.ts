import { sql } from "drizzle-orm";
import type { Database, ExecuteSql } from "../../../infra/db/client";

/** The tables whose rows the System page counts (exactly: they are small enough). */
export const COUNTED_TABLES = [
  "users",
  "styles",
  "uploads",
  "results",
  "generation_jobs",
  "credit_lots",
  "payments",
  "referrals",
  "feedback",
  "security_events",
  "audit_log",
] as const;

/** The admin System section's database side: figures and maintenance. */
export function createAdminSystemRepository(db: Database, executeSql: ExecuteSql) {
  return {
    async databaseSize(): Promise<number> {
      const r = await db.execute<{ n: string | number }>(
        sql`SELECT pg_database_size(current_database())::bigint AS n`,
      );
      return Number(r.rows[0]?.n ?? 0);
    },

    async tableRows(): Promise<{ name: string; rows: number }[]> {
      const parts = COUNTED_TABLES.map(
        (t) =>
          sql`SELECT ${t}::text AS name, (SELECT count(*) FROM ${sql.identifier(t)})::int AS n`,
      );
      const r = await db.execute<{ name: string; n: number | string }>(
        sql.join(parts, sql` UNION ALL `),
      );
      return r.rows.map((row) => ({ name: row.name, rows: Number(row.n) }));
    },

    /** Background jobs by state; empty when the queue's tables are not there yet. */
    async queueDepth(): Promise<Record<string, number>> {
      try {
        const r = await db.execute<{ state: string; n: number | string }>(
          sql`SELECT state::text AS state, count(*)::int AS n FROM pgboss.job GROUP BY state`,
        );
        return Object.fromEntries(r.rows.map((row) => [row.state, Number(row.n)]));
      } catch {
        return {};
      }
    },

    /**
     * VACUUM ANALYZE of the whole database. VACUUM cannot run inside a transaction block: it is
     * sent alone on its own connection (PostgreSQL's pool, or PGlite's single session, which
     * runs it between other statements).
     */
    async vacuumAnalyze(): Promise<void> {
      await executeSql("VACUUM ANALYZE");
    },
  };
}
export type AdminSystemRepository = ReturnType<typeof createAdminSystemRepository>;
