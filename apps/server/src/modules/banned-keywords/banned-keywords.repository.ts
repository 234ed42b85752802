import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { parseSort, type BannedKeywordsQuery } from "@rupa/shared";
import { bannedKeywords } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import { likePattern } from "../../infra/db/like-pattern";

export type BannedKeywordRow = typeof bannedKeywords.$inferSelect;
/** Runs inside the change's transaction (the audit row): it commits or rolls back with it. */
export type InTx = (tx: Tx, row: BannedKeywordRow) => Promise<void>;
/** What a write answers: the row, `duplicate` (another row holds the keyword) or null (gone). */
export type KeywordWrite = BannedKeywordRow | "duplicate" | null;

/** PostgreSQL's unique violation, on the error or its cause (drizzle wraps driver errors). */
function isUniqueViolation(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 4; depth++) {
    if (typeof cur === "object" && "code" in cur && cur.code === "23505") return true;
    cur = typeof cur === "object" && "cause" in cur ? cur.cause : undefined;
  }
  return false;
}

/**
 * Banned keywords (`banned_keywords`, docs/product/admin.md): the active ones, read fresh by every
 * generation start (so a new keyword is enforced on the very next request), and the admin section's
 * changes, each written with its audit row in one transaction.
 */
export function createBannedKeywordsRepository(db: Database) {
  async function unique<T>(fn: () => Promise<T>): Promise<T | "duplicate"> {
    try {
      return await fn();
    } catch (e) {
      if (isUniqueViolation(e)) return "duplicate";
      throw e;
    }
  }

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
      if (q.q) {
        const p = likePattern(q.q);
        where.push(or(ilike(bannedKeywords.keyword, p), ilike(bannedKeywords.reason, p))!);
      }
      if (q.status) where.push(eq(bannedKeywords.isActive, q.status === "active"));
      const cond = where.length ? and(...where) : undefined;
      const { column, direction } = parseSort(q.sort);
      const dir = direction === "asc" ? asc : desc;
      const order =
        column === "keyword" ? dir(bannedKeywords.keyword) : dir(bannedKeywords.createdAt);
      const [items, count] = await Promise.all([
        db
          .select()
          .from(bannedKeywords)
          .where(cond)
          .orderBy(order, asc(bannedKeywords.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(bannedKeywords)
          .where(cond),
      ]);
      return { items, total: Number(count[0]?.n ?? 0) };
    },

    async find(id: string): Promise<BannedKeywordRow | null> {
      const [row] = await db.select().from(bannedKeywords).where(eq(bannedKeywords.id, id));
      return row ?? null;
    },

    /** `duplicate` when the keyword is banned already (the unique index decides, not a read). */
    async create(
      v: { keyword: string; reason: string | null },
      audit: InTx,
    ): Promise<BannedKeywordRow | "duplicate"> {
      return unique(() =>
        db.transaction(async (tx) => {
          const [row] = await tx.insert(bannedKeywords).values(v).returning();
          await audit(tx, row!);
          return row!;
        }),
      );
    },

    async update(
      id: string,
      patch: { keyword?: string; reason?: string | null; isActive?: boolean },
      audit: InTx,
    ): Promise<KeywordWrite> {
      return unique(() =>
        db.transaction(async (tx) => {
          if (patch.keyword !== undefined) {
            const [other] = await tx
              .select({ id: bannedKeywords.id })
              .from(bannedKeywords)
              .where(and(eq(bannedKeywords.keyword, patch.keyword), ne(bannedKeywords.id, id)));
            if (other) return "duplicate" as const;
          }
          const [row] = await tx
            .update(bannedKeywords)
            .set(patch)
            .where(eq(bannedKeywords.id, id))
            .returning();
          if (row) await audit(tx, row);
          return row ?? null;
        }),
      );
    },

    async remove(id: string, audit: InTx): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(bannedKeywords).where(eq(bannedKeywords.id, id)).returning();
        if (row) await audit(tx, row);
        return Boolean(row);
      });
    },
  };
}
export type BannedKeywordsRepository = ReturnType<typeof createBannedKeywordsRepository>;
