import { desc, eq } from "drizzle-orm";
import { results, styles, users } from "../../../db/schema";
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
