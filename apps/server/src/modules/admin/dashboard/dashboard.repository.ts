import { desc, eq, sql } from "drizzle-orm";
import { payments, results, styles, users } from "../../../db/schema";
import type { Database } from "../../../infra/db/client";

export interface RecentResultRow {
  id: string;
  imageKey: string;
  thumbKey: string | null;
  styleName: string | null;
  styleNameId: string | null;
  ownerEmail: string | null;
  createdAt: Date;
}

/** The admin Dashboard's own reads (its figures are the stats repository's, shared with Analytics). */
export function createAdminDashboardRepository(db: Database) {
  return {
    /**
     * Money in since `since`, net of refunds: orders paid since then, less orders refunded since
     * then (a refund gives the whole amount back; docs/product/admin.md, Dashboard).
     */
    async netRevenueSince(since: Date): Promise<number> {
      const r = await db.execute<{ n: string | number | null }>(sql`
        SELECT coalesce((SELECT sum(${payments.amountIdr}) FROM ${payments}
                          WHERE ${payments.paidAt} >= ${since}), 0)
             - coalesce((SELECT sum(${payments.amountIdr}) FROM ${payments}
                          WHERE ${payments.refundedAt} >= ${since}
                            AND ${payments.status} IN ('refund', 'partial_refund')), 0) AS n`);
      return Number(r.rows[0]?.n ?? 0);
    },

    async recentResults(limit: number): Promise<RecentResultRow[]> {
      return db
        .select({
          id: results.id,
          imageKey: results.imageKey,
          thumbKey: results.thumbKey,
          styleName: styles.name,
          styleNameId: styles.nameId,
          ownerEmail: users.email,
          createdAt: results.createdAt,
        })
        .from(results)
        .leftJoin(styles, eq(styles.id, results.styleId))
        .leftJoin(users, eq(users.id, results.userId))
        .orderBy(desc(results.createdAt), desc(results.id))
        .limit(limit);
    },
  };
}
export type AdminDashboardRepository = ReturnType<typeof createAdminDashboardRepository>;
