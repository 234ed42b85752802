import { and, eq, sql, type SQL } from "drizzle-orm";
import type { GalleryKind } from "@rupa/shared";
import { creditSpends, kanvasImages, results } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import { likePattern } from "../../infra/db/like-pattern";

export type GalleryRow = {
  kind: GalleryKind;
  id: string;
  image_key: string;
  display_key: string | null;
  thumb_key: string | null;
  width: number | null;
  height: number | null;
  created_at: string | Date;
  generation_time_seconds: number | null;
  has_watermark: boolean;
  /** Garansi Mirip (ADR 038): avatars only; a Kanvas picture is never checked. */
  likeness_score: number | null;
  likeness_verdict: string | null;
  prompt: string | null;
  style_id: string | null;
  style_name: string | null;
  style_name_id: string | null;
  style_category: string | null;
  /** The plain background a Formal CV/CPNS avatar was asked for (its generation's params). */
  background: string | null;
  before_key: string | null;
  original_deleted: boolean;
  batch_id: string | null;
  batch_size: number | string | null;
};

export interface GalleryFilter {
  userId: string;
  sort: "newest" | "oldest";
  styleId?: string;
  search?: string;
  after?: { createdAt: string; id: string };
  limit: number;
  /** One item by kind and id (details). */
  only?: { kind: GalleryKind; id: string };
}

/** A deleted picture's stored files, its master too (null: no such picture of the user's). */
function fileKeys(
  row:
    | { image: string; display: string | null; thumb: string | null; master: string | null }
    | undefined,
): string[] | null {
  return row
    ? [row.image, row.display, row.thumb, row.master].filter((k): k is string => !!k)
    : null;
}

/** A picture as its watermark's removal reads it, under its lock (ADR 036). */
export interface WatermarkRow {
  imageKey: string;
  displayKey: string | null;
  thumbKey: string | null;
  width: number | null;
  height: number | null;
  hasWatermark: boolean;
  masterKey: string | null;
  /** The paid spend of a removal under way, and when it was paid; null when none is. */
  claim: { spendId: string; at: Date } | null;
}

/** What a picture's renditions are replaced with once its watermark is removed. */
export interface CleanKeys {
  imageKey: string;
  displayKey: string;
  thumbKey: string;
}

/** The table of one kind of picture: avatars are `results`, Kanvas pictures `kanvas_images`. */
const tableOf = (kind: GalleryKind) => (kind === "avatar" ? results : kanvasImages);

/** The user's avatars and Kanvas images as one list, newest or oldest first, by keyset pages. */
export function createGalleryRepository(db: Database) {
  return {
    async list(f: GalleryFilter): Promise<GalleryRow[]> {
      const avatarWhere: SQL[] = [sql`r.user_id = ${f.userId}`];
      if (f.styleId) avatarWhere.push(sql`r.style_id = ${f.styleId}`);
      if (f.search) {
        const q = likePattern(f.search);
        avatarWhere.push(sql`(s.name ILIKE ${q} OR s.name_id ILIKE ${q})`);
      }
      if (f.only) avatarWhere.push(sql`r.id = ${f.only.id}`);
      const includeAvatars = !f.only || f.only.kind === "avatar";
      // Kanvas images have no style: a style filter or a style-name search leaves them out.
      const includeKanvas = !f.styleId && !f.search && (!f.only || f.only.kind === "kanvas");
      const parts: SQL[] = [];
      if (includeAvatars) {
        parts.push(sql`
          SELECT 'avatar' AS kind, r.id, r.image_key, r.display_key, r.thumb_key, r.width, r.height,
                 r.created_at,
                 r.generation_time_seconds, r.has_watermark, r.likeness_score,
                 r.likeness_verdict, NULL::text AS prompt,
                 s.id AS style_id, s.name AS style_name, s.name_id AS style_name_id,
                 s.category AS style_category, j.params->>'background' AS background,
                 u.original_key AS before_key, (u.original_deleted_at IS NOT NULL) AS original_deleted,
                 j.batch_id,
                 CASE WHEN j.batch_id IS NULL THEN NULL ELSE
                   (SELECT count(*) FROM generation_jobs b WHERE b.batch_id = j.batch_id) END AS batch_size
          FROM results r
          LEFT JOIN styles s ON s.id = r.style_id
          LEFT JOIN uploads u ON u.id = r.upload_id
          LEFT JOIN generation_jobs j ON j.id = r.job_id
          WHERE ${sql.join(avatarWhere, sql` AND `)}`);
      }
      if (includeKanvas) {
        parts.push(sql`
          SELECT 'kanvas' AS kind, k.id, k.image_key, k.display_key, k.thumb_key, k.width, k.height,
                 k.created_at,
                 NULL::real AS generation_time_seconds, k.has_watermark,
                 NULL::integer AS likeness_score, NULL::text AS likeness_verdict, k.prompt,
                 NULL::uuid AS style_id, NULL::text AS style_name, NULL::text AS style_name_id,
                 NULL::text AS style_category, NULL::text AS background,
                 NULL::text AS before_key, false AS original_deleted,
                 NULL::uuid AS batch_id, NULL::bigint AS batch_size
          FROM kanvas_images k
          WHERE k.user_id = ${f.userId} ${f.only ? sql`AND k.id = ${f.only.id}` : sql``}`);
      }
      if (parts.length === 0) return [];
      const desc = f.sort === "newest";
      const cursor = f.after
        ? desc
          ? sql`WHERE (g.created_at, g.id) < (${f.after.createdAt}::timestamptz, ${f.after.id}::uuid)`
          : sql`WHERE (g.created_at, g.id) > (${f.after.createdAt}::timestamptz, ${f.after.id}::uuid)`
        : sql``;
      const order = desc
        ? sql`ORDER BY g.created_at DESC, g.id DESC`
        : sql`ORDER BY g.created_at ASC, g.id ASC`;
      const res = await db.execute<GalleryRow>(sql`
        SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) g ${cursor} ${order} LIMIT ${f.limit}`);
      return res.rows;
    },

    /** The styles of the user's avatars with how many of each, most first, then by name. */
    async styleCounts(
      userId: string,
    ): Promise<{ id: string; name: string; name_id: string; count: number | string }[]> {
      const res = await db.execute<{
        id: string;
        name: string;
        name_id: string;
        count: number | string;
      }>(sql`
        SELECT s.id, s.name, s.name_id, count(*) AS count
        FROM results r
        JOIN styles s ON s.id = r.style_id
        WHERE r.user_id = ${userId}
        GROUP BY s.id, s.name, s.name_id
        ORDER BY count(*) DESC, s.name_id ASC`);
      return res.rows;
    },

    /** Delete one item of the user's; returns its file keys, or null when it is not theirs. */
    async delete(userId: string, kind: GalleryKind, id: string): Promise<string[] | null> {
      const t = tableOf(kind);
      const rows = await db
        .delete(t)
        .where(and(eq(t.id, id), eq(t.userId, userId)))
        .returning({
          image: t.imageKey,
          display: t.displayKey,
          thumb: t.thumbKey,
          master: t.masterKey,
        });
      return fileKeys(rows[0]);
    },

    /**
     * One of the user's pictures for its watermark's removal, locked until `tx` ends (null: no
     * such picture of theirs), with the removal under way if any and when it was paid.
     */
    async lockForWatermark(
      tx: Tx,
      userId: string,
      kind: GalleryKind,
      id: string,
    ): Promise<WatermarkRow | null> {
      const t = tableOf(kind);
      const [row] = await tx
        .select({
          imageKey: t.imageKey,
          displayKey: t.displayKey,
          thumbKey: t.thumbKey,
          width: t.width,
          height: t.height,
          hasWatermark: t.hasWatermark,
          masterKey: t.masterKey,
          spendId: t.watermarkSpendId,
          paidAt: creditSpends.createdAt,
        })
        .from(t)
        .leftJoin(creditSpends, eq(creditSpends.id, t.watermarkSpendId))
        .where(and(eq(t.id, id), eq(t.userId, userId)))
        .for("update", { of: t });
      if (!row) return null;
      const { spendId, paidAt, ...rest } = row;
      return { ...rest, claim: spendId && paidAt ? { spendId, at: paidAt } : null };
    },

    /** Marks a removal under way, paid by `spendId` (or none, with null). */
    async claimWatermark(
      tx: Tx,
      kind: GalleryKind,
      id: string,
      spendId: string | null,
    ): Promise<void> {
      const t = tableOf(kind);
      await tx.update(t).set({ watermarkSpendId: spendId }).where(eq(t.id, id));
    },

    /** Ends the removal paid by `spendId` without a change (it failed). */
    async releaseWatermark(tx: Tx, kind: GalleryKind, id: string, spendId: string): Promise<void> {
      const t = tableOf(kind);
      await tx
        .update(t)
        .set({ watermarkSpendId: null })
        .where(and(eq(t.id, id), eq(t.watermarkSpendId, spendId)));
    },

    /**
     * The removal paid by `spendId` done: the picture's new renditions, no watermark, no master.
     * False when the picture is gone, or the removal is no longer that one.
     */
    async replaceWatermarked(
      tx: Tx,
      kind: GalleryKind,
      id: string,
      spendId: string,
      keys: CleanKeys,
    ): Promise<boolean> {
      const t = tableOf(kind);
      const rows = await tx
        .update(t)
        .set({
          imageKey: keys.imageKey,
          displayKey: keys.displayKey,
          thumbKey: keys.thumbKey,
          hasWatermark: false,
          masterKey: null,
          watermarkSpendId: null,
        })
        .where(and(eq(t.id, id), eq(t.watermarkSpendId, spendId)))
        .returning({ id: t.id });
      return rows.length > 0;
    },
  };
}
export type GalleryRepository = ReturnType<typeof createGalleryRepository>;
