import { settingDefinitions, type SettingKey } from "@rupa/shared";
import { inArray, sql } from "drizzle-orm";
import { appSettings } from "../../db/schema";
import type { Database, ExecuteSql, Tx } from "../../infra/db/client";
import type { AuditInput, AuditRepository } from "../audit/audit.repository";
import type {
  SecurityEventInput,
  SecurityEventsRepository,
} from "../security/security-events.repository";

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

/** An admin action's records: its audit row and its security event, written together. */
export interface AdminActionRecord {
  audit: AuditInput;
  event: SecurityEventInput;
}

/**
 * The admin System and Security sections' database side: figures, maintenance, and the
 * security settings saved with their audit row in one transaction.
 */
export function createAdminSystemRepository(
  db: Database,
  executeSql: ExecuteSql,
  audit: Pick<AuditRepository, "write">,
  security: Pick<SecurityEventsRepository, "recordIn">,
) {
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

    /** Records an admin action that changed nothing in the database (its own transaction). */
    async recordAction(r: AdminActionRecord): Promise<void> {
      await db.transaction(async (tx) => {
        await audit.write(tx, r.audit);
        await security.recordIn(tx, r.event);
      });
    },

    /**
     * Saves settings and records the change (audit row and security event) in one transaction,
     * with only the settings that changed in `before`/`after`. Returns what changed.
     */
    async saveSettings(
      values: Partial<Record<SettingKey, string>>,
      record: (changed: {
        before: Record<string, string>;
        after: Record<string, string>;
      }) => AdminActionRecord,
      updatedBy: string,
    ): Promise<{ before: Record<string, string>; after: Record<string, string> }> {
      const keys = Object.keys(values) as SettingKey[];
      return db.transaction(async (tx: Tx) => {
        const rows = await tx
          .select({ key: appSettings.key, value: appSettings.value })
          .from(appSettings)
          .where(inArray(appSettings.key, keys))
          .for("update");
        const stored = new Map(rows.map((r) => [r.key, r.value]));
        const before: Record<string, string> = {};
        const after: Record<string, string> = {};
        for (const key of keys) {
          const next = values[key]!;
          const prev = stored.get(key) ?? settingDefinitions[key].default;
          if (prev === next && stored.has(key)) continue;
          before[key] = prev;
          after[key] = next;
          await tx
            .insert(appSettings)
            .values({ key, value: next, updatedBy })
            .onConflictDoUpdate({
              target: appSettings.key,
              set: { value: next, updatedBy, updatedAt: sql`now()` },
            });
        }
        if (Object.keys(after).length > 0) {
          const r = record({ before, after });
          await audit.write(tx, r.audit);
          await security.recordIn(tx, r.event);
        }
        return { before, after };
      });
    },
  };
}
export type AdminSystemRepository = ReturnType<typeof createAdminSystemRepository>;
