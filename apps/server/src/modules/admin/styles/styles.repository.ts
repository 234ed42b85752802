import { and, asc, desc, eq, inArray, isNull, like, or, sql, type SQL } from "drizzle-orm";
import { parseSort, type AdminStylesQuery } from "@rupa/shared";
import { type PairRow, stylePreviewPairs, type StyleRow, styles } from "../../../db/schema";
import type { Database, Tx } from "../../../infra/db/client";
import { anyContains, likePrefix } from "../../../infra/db/like-pattern";
import { countAll, readPage } from "../../../infra/db/page";

export type StylePatch = Partial<
  Pick<
    typeof styles.$inferInsert,
    | "name"
    | "nameId"
    | "description"
    | "descriptionId"
    | "category"
    | "tags"
    | "isPremium"
    | "likenessCheck"
    | "sortOrder"
    | "promptTemplate"
    | "previewPromptTemplate"
    | "genderSpecificPrompts"
    | "modelName"
    | "modelParameters"
    | "modelSpecificParameters"
    | "isActive"
  >
>;

export interface NewPair {
  beforeKey: string;
  afterKey: string;
  title: string | null;
}

/**
 * The catalogue as admins change it: the reads, and the writes in the transaction the admin
 * styles service gives (with its audit row; it tells the public catalogue after the commit).
 * Soft-deleted styles are invisible here, as everywhere else.
 */
export function createAdminStylesRepository(db: Database) {
  const generated = sql<number>`(SELECT count(*)::int FROM style_events e WHERE e.style_id = "styles"."id" AND e.event_type = 'generated')`;
  const live = (id: string) => and(eq(styles.id, id), isNull(styles.deletedAt));

  /** The style's cover images follow its first complete pair; updated_at moves either way. */
  async function syncCover(tx: Tx, styleId: string): Promise<void> {
    const [first] = await tx
      .select()
      .from(stylePreviewPairs)
      .where(
        and(
          eq(stylePreviewPairs.styleId, styleId),
          sql`${stylePreviewPairs.beforeImageKey} IS NOT NULL`,
          sql`${stylePreviewPairs.afterImageKey} IS NOT NULL`,
        ),
      )
      .orderBy(asc(stylePreviewPairs.sortOrder), asc(stylePreviewPairs.createdAt))
      .limit(1);
    await tx
      .update(styles)
      .set({
        previewImageKey: first?.afterImageKey ?? null,
        beforeImageKey: first?.beforeImageKey ?? null,
        updatedAt: new Date(),
      })
      .where(eq(styles.id, styleId));
  }

  return {
    async list(q: AdminStylesQuery): Promise<{
      items: { style: StyleRow; generatedCount: number }[];
      total: number;
    }> {
      const where: (SQL | undefined)[] = [isNull(styles.deletedAt)];
      if (q.q) where.push(anyContains([styles.name, styles.nameId, styles.slug], q.q));
      if (q.category) where.push(eq(styles.category, q.category));
      if (q.status) where.push(eq(styles.isActive, q.status === "active"));
      const cond = and(...where);
      const { column, direction } = parseSort(q.sort);
      const dir = direction === "asc" ? asc : desc;
      const order =
        column === "name"
          ? [dir(sql`lower(${styles.name})`)]
          : column === "createdAt"
            ? [dir(styles.createdAt)]
            : column === "updatedAt"
              ? [dir(styles.updatedAt)]
              : [dir(styles.sortOrder), asc(styles.name)];
      const { rows, total } = await readPage(
        q,
        db
          .select({ style: styles, generatedCount: generated })
          .from(styles)
          .where(cond)
          .orderBy(...order, asc(styles.id))
          .$dynamic(),
        db.select({ n: countAll }).from(styles).where(cond),
      );
      return {
        items: rows.map((r) => ({ style: r.style, generatedCount: Number(r.generatedCount) })),
        total,
      };
    },

    /** A style that is not deleted, with its usage count. */
    async find(id: string): Promise<{ style: StyleRow; generatedCount: number } | null> {
      const [row] = await db
        .select({ style: styles, generatedCount: generated })
        .from(styles)
        .where(live(id));
      return row ? { style: row.style, generatedCount: Number(row.generatedCount) } : null;
    },

    /** Every slug that starts with `prefix` (deleted styles keep theirs: slugs are unique). */
    async slugsLike(prefix: string): Promise<Set<string>> {
      const rows = await db
        .select({ slug: styles.slug })
        .from(styles)
        .where(like(styles.slug, likePrefix(prefix)));
      return new Set(rows.map((r) => r.slug));
    },

    async update(tx: Tx, id: string, patch: StylePatch): Promise<StyleRow | null> {
      const [row] = await tx.update(styles).set(patch).where(live(id)).returning();
      return row ?? null;
    },

    /** Soft delete: hidden everywhere, rows and files kept. */
    async softDelete(tx: Tx, id: string): Promise<boolean> {
      const [row] = await tx
        .update(styles)
        .set({ deletedAt: new Date(), isActive: false })
        .where(live(id))
        .returning({ id: styles.id });
      return Boolean(row);
    },

    /** Inserts a copy of a style with its pairs (sharing their images). */
    async insertCopy(
      tx: Tx,
      source: StyleRow,
      values: Pick<StyleRow, "slug" | "name" | "nameId" | "sortOrder" | "isActive">,
    ): Promise<StyleRow> {
      const { id: _id, createdAt: _c, updatedAt: _u, deletedAt: _d, ...rest } = source;
      const [copy] = await tx
        .insert(styles)
        .values({ ...rest, ...values })
        .returning();
      const pairs = await tx
        .select()
        .from(stylePreviewPairs)
        .where(eq(stylePreviewPairs.styleId, source.id));
      if (pairs.length > 0) {
        await tx.insert(stylePreviewPairs).values(
          pairs.map((p) => ({
            styleId: copy!.id,
            beforeImageKey: p.beforeImageKey,
            afterImageKey: p.afterImageKey,
            title: p.title,
            sortOrder: p.sortOrder,
          })),
        );
      }
      return copy!;
    },

    async pairs(styleId: string): Promise<PairRow[]> {
      return db
        .select()
        .from(stylePreviewPairs)
        .where(eq(stylePreviewPairs.styleId, styleId))
        .orderBy(asc(stylePreviewPairs.sortOrder), asc(stylePreviewPairs.createdAt));
    },

    /** A pair after the style's last one; the cover follows the first complete pair. */
    async addPair(tx: Tx, styleId: string, pair: NewPair): Promise<PairRow> {
      const [last] = await tx
        .select({ n: sql<number | null>`max(${stylePreviewPairs.sortOrder})` })
        .from(stylePreviewPairs)
        .where(eq(stylePreviewPairs.styleId, styleId));
      const [row] = await tx
        .insert(stylePreviewPairs)
        .values({
          styleId,
          beforeImageKey: pair.beforeKey,
          afterImageKey: pair.afterKey,
          title: pair.title,
          sortOrder: last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1,
        })
        .returning();
      await syncCover(tx, styleId);
      return row!;
    },

    /** `ids` in their new order (the caller checked they are exactly the style's pairs). */
    async reorderPairs(tx: Tx, styleId: string, ids: string[]): Promise<void> {
      for (const [i, id] of ids.entries()) {
        await tx
          .update(stylePreviewPairs)
          .set({ sortOrder: i })
          .where(and(eq(stylePreviewPairs.id, id), eq(stylePreviewPairs.styleId, styleId)));
      }
      await syncCover(tx, styleId);
    },

    async deletePair(tx: Tx, styleId: string, pairId: string): Promise<PairRow | null> {
      const [row] = await tx
        .delete(stylePreviewPairs)
        .where(and(eq(stylePreviewPairs.id, pairId), eq(stylePreviewPairs.styleId, styleId)))
        .returning();
      if (!row) return null;
      await syncCover(tx, styleId);
      return row;
    },

    /** Which of these image keys a pair or a style (deleted ones too) still points at. */
    async keysInUse(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const [fromPairs, fromStyles] = await Promise.all([
        db
          .select({ a: stylePreviewPairs.beforeImageKey, b: stylePreviewPairs.afterImageKey })
          .from(stylePreviewPairs)
          .where(
            or(
              inArray(stylePreviewPairs.beforeImageKey, keys),
              inArray(stylePreviewPairs.afterImageKey, keys),
            ),
          ),
        db
          .select({ a: styles.beforeImageKey, b: styles.previewImageKey })
          .from(styles)
          .where(or(inArray(styles.beforeImageKey, keys), inArray(styles.previewImageKey, keys))),
      ]);
      const used = new Set<string>();
      for (const r of [...fromPairs, ...fromStyles]) {
        if (r.a && keys.includes(r.a)) used.add(r.a);
        if (r.b && keys.includes(r.b)) used.add(r.b);
      }
      return used;
    },
  };
}
export type AdminStylesRepository = ReturnType<typeof createAdminStylesRepository>;
