import { and, asc, desc, eq, ne, type SQL } from "drizzle-orm";
import { parseSort, type BannedKeywordsQuery } from "@rupa/shared";
import { bannedKeywords } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import { anyContains } from "../../infra/db/like-pattern";
import { countAll, readPage } from "../../infra/db/page";

export type BannedKeywordRow = typeof bannedKeywords.$inferSelect;

/**
 * Banned keywords (`banned_keywords`, docs/product/admin.md): the active ones, read fresh by every
 * generation start (so a new keyword is enforced on the very next request), and the writes of the
 * admin section's changes, in the transaction the service gives.
 */
export function createBannedKeywordsRepository(db: Database) {
  return {
    async active(): Promise<string[]> {
      const rows = await db
        .select({ k: bannedKeywords.keyword })
        .from(bannedKeywords)
        .where(eq(bannedKeywords.isActive, true));
      return rows.map((r) => r.k);
    },

    async list(q: BannedKeywordsQuery): Promise<{ items: BannedKeywordRow[]; total: number }> {
      const where: SQL[] = [];
      if (q.q) where.push(anyContains([bannedKeywords.keyword, bannedKeywords.reason], q.q));
      if (q.status) where.push(eq(bannedKeywords.isActive, q.status === "active"));
      const cond = and(...where);
      const { column, direction } = parseSort(q.sort);
      const dir = direction === "asc" ? asc : desc;
      const order =
        column === "keyword" ? dir(bannedKeywords.keyword) : dir(bannedKeywords.createdAt);
      const { rows, total } = await readPage(
        q,
        db
          .select()
          .from(bannedKeywords)
          .where(cond)
          .orderBy(order, asc(bannedKeywords.id))
          .$dynamic(),
        db.select({ n: countAll }).from(bannedKeywords).where(cond),
      );
      return { items: rows, total };
    },

    async find(id: string): Promise<BannedKeywordRow | null> {
      const [row] = await db.select().from(bannedKeywords).where(eq(bannedKeywords.id, id));
      return row ?? null;
    },

    /** A new keyword (the unique index refuses one banned already: 23505). */
    async insert(tx: Tx, v: { keyword: string; reason: string | null }): Promise<BannedKeywordRow> {
      const [row] = await tx.insert(bannedKeywords).values(v).returning();
      return row!;
    },

    /** Whether another row than `id` holds this keyword. */
    async takenByOther(tx: Tx, keyword: string, id: string): Promise<boolean> {
      const [other] = await tx
        .select({ id: bannedKeywords.id })
        .from(bannedKeywords)
        .where(and(eq(bannedKeywords.keyword, keyword), ne(bannedKeywords.id, id)));
      return Boolean(other);
    },

    /** The row as changed, or null when there is none. */
    async update(
      tx: Tx,
      id: string,
      patch: { keyword?: string; reason?: string | null; isActive?: boolean },
    ): Promise<BannedKeywordRow | null> {
      const [row] = await tx
        .update(bannedKeywords)
        .set(patch)
        .where(eq(bannedKeywords.id, id))
        .returning();
      return row ?? null;
    },

    /** The deleted row, or null when there was none. */
    async remove(tx: Tx, id: string): Promise<BannedKeywordRow | null> {
      const [row] = await tx.delete(bannedKeywords).where(eq(bannedKeywords.id, id)).returning();
      return row ?? null;
    },
  };
}
export type BannedKeywordsRepository = ReturnType<typeof createBannedKeywordsRepository>;
