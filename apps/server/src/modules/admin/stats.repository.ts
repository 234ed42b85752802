import type { Instants } from "../../lib/instants";
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { creditLots, creditSpends, results, styles, uploads, users } from "../../db/schema";
import type { Database } from "../../infra/db/client";

/** The Asia/Jakarta calendar day of a timestamp column, `YYYY-MM-DD` (the zone has no DST). */
const jakartaDay = (column: SQL) =>
  sql<string>`to_char(${column} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD')`;

/** Spends that are usage: credits turned into images (not admin adjustments or payment refunds). */
const USAGE_REASONS = ["avatar", "kanvas", "custom_profession"];

export interface StatTotals {
  users: number;
  results: number;
  uploads: number;
  activeStyles: number;
  creditsUsed: number;
}

export interface StyleCount {
  styleId: string;
  name: string;
  nameId: string;
  count: number;
}

export type { Instants };

export type DayCounts = Map<string, number>;

const count = sql<number>`count(*)::int`;

/**
 * The figures the admin Dashboard and Analytics both show (read only): totals, activity per
 * Asia/Jakarta day, the most used styles.
 */
export function createAdminStatsRepository(db: Database) {
  const dayCounts = async (
    table: "results" | "uploads" | "users",
    range: Instants,
  ): Promise<DayCounts> => {
    const r = await db.execute<{ day: string; n: number }>(sql`
      SELECT ${jakartaDay(sql`created_at`)} AS day, count(*)::int AS n
      FROM ${sql.identifier(table)}
      WHERE created_at >= ${range.start.toISOString()}::timestamptz
        AND created_at < ${range.end.toISOString()}::timestamptz
      GROUP BY 1`);
    return new Map(r.rows.map((row) => [row.day, Number(row.n)]));
  };

  return {
    async totals(): Promise<StatTotals> {
      const one = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
      const [u, r, up, s, spent, refunded] = await Promise.all([
        one(db.select({ n: count }).from(users)),
        one(db.select({ n: count }).from(results)),
        one(db.select({ n: count }).from(uploads)),
        one(
          db
            .select({ n: count })
            .from(styles)
            .where(and(eq(styles.isActive, true), isNull(styles.deletedAt))),
        ),
        one(
          db
            .select({ n: sql<number>`coalesce(sum(${creditSpends.amount}), 0)::int` })
            .from(creditSpends)
            .where(inArray(creditSpends.reason, USAGE_REASONS)),
        ),
        one(
          db
            .select({ n: sql<number>`coalesce(sum(${creditLots.amount}), 0)::int` })
            .from(creditLots)
            .where(eq(creditLots.source, "refund")),
        ),
      ]);
      return {
        users: u,
        results: r,
        uploads: up,
        activeStyles: s,
        creditsUsed: spent - refunded,
      };
    },

    /** Results, uploads and new users per Asia/Jakarta day within the instants. */
    async daily(
      range: Instants,
    ): Promise<{ generations: DayCounts; uploads: DayCounts; newUsers: DayCounts }> {
      const [g, up, nu] = await Promise.all([
        dayCounts("results", range),
        dayCounts("uploads", range),
        dayCounts("users", range),
      ]);
      return { generations: g, uploads: up, newUsers: nu };
    },

    /** The styles with the most results (within the instants when given), counted exactly. */
    async topStyles(limit: number, range?: Instants): Promise<StyleCount[]> {
      const n = sql<number>`count(${results.id})::int`;
      const rows = await db
        .select({ styleId: styles.id, name: styles.name, nameId: styles.nameId, n })
        .from(results)
        .innerJoin(styles, eq(styles.id, results.styleId))
        .where(
          range
            ? and(gte(results.createdAt, range.start), lt(results.createdAt, range.end))
            : undefined,
        )
        .groupBy(styles.id, styles.name, styles.nameId)
        .orderBy(desc(n), asc(styles.name))
        .limit(limit);
      return rows.map((r) => ({ ...r, count: Number(r.n) }));
    },
  };
}
export type AdminStatsRepository = ReturnType<typeof createAdminStatsRepository>;
