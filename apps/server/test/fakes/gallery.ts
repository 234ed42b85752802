import { randomUUID } from "node:crypto";
import type { results } from "../../src/db/schema";
import { newObjectKey } from "../../src/infra/storage/storage";
import { undoable } from "./db";
import type { GalleryRepository, GalleryRow } from "../../src/modules/gallery/gallery.repository";
import type { KanvasImageRow } from "../../src/modules/kanvas/kanvas.repository";
import type { UploadRow } from "../../src/modules/uploads/uploads.repository";

type ResultRow = typeof results.$inferSelect;
interface Style {
  id: string;
  name: string;
  nameId: string;
  category: string;
}

/**
 * The gallery's reads in memory: a member's avatars (`results`, with their style and their
 * upload) and Kanvas pictures (`kanvas_images`) as one list, filtered, ordered and paged as the
 * SQL of gallery.repository.ts does it (its owner filter, style filter and name search, keyset
 * pages by time then id), and a watermark's removal under the picture's lock (ADR 036: its claim,
 * the new renditions, taken back when the transaction fails). The Kanvas pictures are the Kanvas
 * fake's when given, the uploads the uploads fake's. `avatar`, `picture` and `style` add rows;
 * `now` stamps them and the removals' claims.
 */
export function fakeGallery(
  o: {
    kanvas?: { images: Map<string, KanvasImageRow> };
    uploads?: { rows: Map<string, UploadRow> };
    now?: () => number;
  } = {},
) {
  let tick = 0;
  // Rows added in one millisecond still follow each other, as the database's clock sees them.
  const now = () => new Date((o.now?.() ?? Date.now()) + tick++);
  const avatars = new Map<string, ResultRow>();
  const pictures = o.kanvas?.images ?? new Map<string, KanvasImageRow>();
  const styles = new Map<string, Style>();
  const uploads = o.uploads?.rows ?? new Map<string, UploadRow>();
  /** The background each pas foto avatar's generation asked for, by result id. */
  const backgrounds = new Map<string, string>();

  const avatarRow = (r: ResultRow): GalleryRow => {
    const s = r.styleId ? styles.get(r.styleId) : undefined;
    const u = r.uploadId ? uploads.get(r.uploadId) : undefined;
    return {
      kind: "avatar",
      id: r.id,
      image_key: r.imageKey,
      display_key: r.displayKey,
      thumb_key: r.thumbKey,
      width: r.width,
      height: r.height,
      created_at: r.createdAt,
      generation_time_seconds: r.generationTimeSeconds,
      has_watermark: r.hasWatermark,
      likeness_score: r.likenessScore,
      likeness_verdict: r.likenessVerdict,
      prompt: null,
      style_id: s?.id ?? null,
      style_name: s?.name ?? null,
      style_name_id: s?.nameId ?? null,
      style_category: s?.category ?? null,
      background: backgrounds.get(r.id) ?? null,
      before_key: u?.originalKey ?? null,
      original_deleted: Boolean(u?.originalDeletedAt),
      // Sets of avatars are read by SQL (a count over the batch); gallery.int.test.ts covers them.
      batch_id: null,
      batch_size: null,
    };
  };
  const pictureRow = (k: KanvasImageRow): GalleryRow => ({
    kind: "kanvas",
    id: k.id,
    image_key: k.imageKey,
    display_key: k.displayKey,
    thumb_key: k.thumbKey,
    width: k.width,
    height: k.height,
    created_at: k.createdAt,
    generation_time_seconds: null,
    has_watermark: k.hasWatermark,
    likeness_score: null,
    likeness_verdict: null,
    prompt: k.prompt,
    style_id: null,
    style_name: null,
    style_name_id: null,
    style_category: null,
    background: null,
    before_key: null,
    original_deleted: false,
    batch_id: null,
    batch_size: null,
  });
  const time = (r: GalleryRow) => new Date(r.created_at).getTime();
  /** (created_at, id) in order, as PostgreSQL compares the pair. */
  const compare = (a: { at: number; id: string }, b: { at: number; id: string }) =>
    a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const keysOf = (r: {
    imageKey: string;
    displayKey: string | null;
    thumbKey: string | null;
    masterKey: string | null;
  }) => [r.imageKey, r.displayKey, r.thumbKey, r.masterKey].filter((k): k is string => !!k);
  const tableOf = (kind: "avatar" | "kanvas"): Map<string, ResultRow | KanvasImageRow> =>
    kind === "avatar" ? avatars : pictures;
  /** When each removal's spend was paid (the database joins the spend's row for it). */
  const claimedAt = new Map<string, Date>();
  /** A row's columns changed in `tx`, taken back when it fails. */
  const change = (
    tx: Parameters<GalleryRepository["claimWatermark"]>[0],
    kind: "avatar" | "kanvas",
    id: string,
    set: Partial<ResultRow & KanvasImageRow>,
  ) => {
    const row = tableOf(kind).get(id);
    if (!row) return;
    const before = { ...row };
    Object.assign(row, set);
    undoable(tx, () => Object.assign(row, before));
  };

  const gallery: GalleryRepository = {
    list(f) {
      const search = f.search?.toLowerCase();
      const own = [...avatars.values()]
        .filter((r) => r.userId === f.userId)
        .filter((r) => !f.styleId || r.styleId === f.styleId)
        .filter((r) => !f.only || r.id === f.only.id)
        .map(avatarRow)
        .filter(
          (r) =>
            !search ||
            [r.style_name, r.style_name_id].some((n) => n?.toLowerCase().includes(search)),
        );
      const withAvatars = !f.only || f.only.kind === "avatar";
      const withKanvas = !f.styleId && !f.search && (!f.only || f.only.kind === "kanvas");
      const made = [...pictures.values()]
        .filter((k) => k.userId === f.userId && (!f.only || k.id === f.only.id))
        .map(pictureRow);
      const sign = f.sort === "newest" ? -1 : 1;
      const after = f.after && { at: Date.parse(f.after.createdAt), id: f.after.id };
      return Promise.resolve(
        [...(withAvatars ? own : []), ...(withKanvas ? made : [])]
          .filter((r) => !after || sign * compare({ at: time(r), id: r.id }, after) > 0)
          .sort((a, b) => sign * compare({ at: time(a), id: a.id }, { at: time(b), id: b.id }))
          .slice(0, f.limit),
      );
    },
    styleCounts(userId) {
      const counts = new Map<string, number>();
      for (const r of avatars.values())
        if (r.userId === userId && r.styleId && styles.has(r.styleId))
          counts.set(r.styleId, (counts.get(r.styleId) ?? 0) + 1);
      return Promise.resolve(
        [...counts]
          .map(([id, count]) => {
            const s = styles.get(id)!;
            return { id, name: s.name, name_id: s.nameId, count };
          })
          .sort((a, b) => b.count - a.count || a.name_id.localeCompare(b.name_id)),
      );
    },
    delete(userId, kind, id) {
      const rows = tableOf(kind);
      const row = rows.get(id);
      if (!row || row.userId !== userId) return Promise.resolve(null);
      rows.delete(id);
      return Promise.resolve(keysOf(row));
    },
    lockForWatermark(_tx, userId, kind, id) {
      const row = tableOf(kind).get(id);
      if (!row || row.userId !== userId) return Promise.resolve(null);
      const spendId = row.watermarkSpendId;
      return Promise.resolve({
        imageKey: row.imageKey,
        displayKey: row.displayKey,
        thumbKey: row.thumbKey,
        width: row.width,
        height: row.height,
        hasWatermark: row.hasWatermark,
        masterKey: row.masterKey,
        claim: spendId ? { spendId, at: claimedAt.get(spendId) ?? now() } : null,
      });
    },
    claimWatermark(tx, kind, id, spendId) {
      change(tx, kind, id, { watermarkSpendId: spendId });
      if (spendId) claimedAt.set(spendId, now());
      return Promise.resolve();
    },
    releaseWatermark(tx, kind, id, spendId) {
      if (tableOf(kind).get(id)?.watermarkSpendId === spendId)
        change(tx, kind, id, { watermarkSpendId: null });
      return Promise.resolve();
    },
    replaceWatermarked(tx, kind, id, spendId, keys) {
      if (tableOf(kind).get(id)?.watermarkSpendId !== spendId) return Promise.resolve(false);
      change(tx, kind, id, {
        ...keys,
        hasWatermark: false,
        masterKey: null,
        watermarkSpendId: null,
      });
      return Promise.resolve(true);
    },
  };

  const keys = (userId: string) => ({
    imageKey: newObjectKey({ kind: "user", id: userId }, "jpg"),
    displayKey: newObjectKey({ kind: "user", id: userId }, "webp"),
    thumbKey: newObjectKey({ kind: "user", id: userId }, "webp", "thumb"),
  });

  return Object.assign(gallery, {
    avatars,
    backgrounds,
    pictures,
    styles,
    /** A style avatars can be of (the category PAS_FOTO_CATEGORY gives pas fotos). */
    style(over: Partial<Style> = {}): Style {
      const s = { id: randomUUID(), name: "Anime", nameId: "Anime", category: "Fun", ...over };
      styles.set(s.id, s);
      return s;
    },
    /** A member's finished avatar. */
    avatar(userId: string, over: Partial<ResultRow> = {}): ResultRow {
      const r: ResultRow = {
        id: randomUUID(),
        userId,
        guestTrialId: null,
        jobId: randomUUID(),
        styleId: null,
        uploadId: null,
        ...keys(userId),
        width: 1024,
        height: 1024,
        generationTimeSeconds: 12.5,
        likenessScore: null,
        likenessVerdict: "not_checked",
        likenessThreshold: null,
        hasWatermark: false,
        masterKey: null,
        watermarkSpendId: null,
        gender: null,
        seed: 7,
        createdAt: now(),
        ...over,
      };
      avatars.set(r.id, r);
      return r;
    },
    /** A member's Kanvas picture. */
    picture(userId: string, over: Partial<KanvasImageRow> = {}): KanvasImageRow {
      const k: KanvasImageRow = {
        id: randomUUID(),
        userId,
        jobId: randomUUID(),
        runId: null,
        ...keys(userId),
        width: 1024,
        height: 1024,
        prompt: "senja di pantai",
        mode: "text2image",
        aspectRatio: "1:1",
        seed: 42,
        provider: "local",
        hasWatermark: false,
        masterKey: null,
        watermarkSpendId: null,
        createdAt: now(),
        ...over,
      };
      pictures.set(k.id, k);
      return k;
    },
  });
}
