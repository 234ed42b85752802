import {
  type GalleryItem,
  type GalleryKind,
  type GalleryPage,
  type GalleryStyles,
  judgePasFoto,
  type Language,
  PAS_FOTO_BACKGROUNDS,
  PAS_FOTO_CATEGORY,
  type PasFotoBackground,
  type PasFotoCheck,
  type PasFotoSize,
} from "@rupa/shared";
import { type FaceDetector, faceDetector } from "../../infra/images/face-detector";
import { makePasFoto, type PasFotoExport } from "../../infra/images/pas-foto";
import type { z } from "zod";
import { type galleryQuerySchema, likenessOf } from "@rupa/shared";
import type { Transactor } from "../../infra/db/client";
import type { Storage } from "../../infra/storage/storage";
import { type Clock, systemClock } from "../../lib/clock";
import { AppError, errors } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { fileUrl } from "../../infra/storage/storage";
import type { CreditsService } from "../credits/credits.service";
import { type PictureKeys, pictureUrls, type ResultStore } from "../jobs";
import type { GalleryRepository, GalleryRow } from "./gallery.repository";
import { planWatermarkRemoval, watermarkRemovalFailed } from "./gallery.rules";

function encodeCursor(row: GalleryRow): string {
  const at = new Date(row.created_at).toISOString();
  return Buffer.from(`${at}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | undefined {
  if (!cursor) return undefined;
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw errors.badRequest("Invalid cursor");
  }
  // Date.parse accepts more than PostgreSQL does ("2020-01-01 (note)"): send its ISO form.
  return { createdAt: new Date(createdAt).toISOString(), id };
}

function toItem(r: GalleryRow): GalleryItem {
  return {
    kind: r.kind,
    id: r.id,
    ...pictureUrls({
      imageKey: r.image_key,
      displayKey: r.display_key,
      thumbKey: r.thumb_key,
      width: r.width,
      height: r.height,
    }),
    createdAt: new Date(r.created_at).toISOString(),
    style:
      r.style_id && r.style_name && r.style_name_id
        ? { id: r.style_id, name: r.style_name, nameId: r.style_name_id }
        : null,
    generationSeconds:
      r.generation_time_seconds === null ? null : Number(r.generation_time_seconds),
    hasWatermark: Boolean(r.has_watermark),
    likeness: likenessOf(r.likeness_score, r.likeness_verdict),
    prompt: r.prompt,
    beforeUrl: r.before_key ? fileUrl("user-uploads", r.before_key) : null,
    originalDeleted: Boolean(r.original_deleted),
    pasFoto: r.kind === "avatar" && r.style_category === PAS_FOTO_CATEGORY,
    batch: r.batch_id ? { id: r.batch_id, size: Number(r.batch_size) } : null,
  };
}

/** The background a pas foto avatar was asked for; red (CPNS) for one that recorded none. */
function backgroundOf(row: GalleryRow): PasFotoBackground {
  return (PAS_FOTO_BACKGROUNDS as readonly string[]).includes(row.background ?? "")
    ? (row.background as PasFotoBackground)
    : "red";
}

/** Exports kept in memory: the checklist and the download that follows it share one. */
const EXPORTS_KEPT = 16;
const EXPORT_KEPT_MS = 10 * 60_000;

/** The gallery: only the owner's items are ever listed, shown, downloaded or deleted. */
export function createGalleryService(d: {
  gallery: GalleryRepository;
  storage: Storage;
  detector?: FaceDetector;
  /** What a watermark's removal needs (ADR 036): the transaction, the ledger, the finisher. */
  db: Transactor;
  credits: Pick<CreditsService, "spendPaid" | "refund">;
  results: Pick<ResultStore, "unwatermark" | "discard">;
  log: Pick<Logger, "error">;
  clock?: Clock;
}) {
  const clock = d.clock ?? systemClock;
  const discardQuietly = async (keys: Parameters<ResultStore["discard"]>[0]) => {
    try {
      await d.results.discard(keys);
    } catch (err) {
      d.log.error({ err }, "a picture's replaced files could not be deleted");
    }
  };
  /**
   * Recent pas foto exports by picture file, size and background (an export of the same file is
   * the same), so that the checklist the page shows and the download that follows cost one
   * export; a picture whose file or watermark changes is another key.
   */
  const exports = new Map<string, { at: number; made: Promise<PasFotoExport> }>();

  async function exportOf(userId: string, id: string, size: PasFotoSize) {
    const [row] = await d.gallery.list({
      userId,
      sort: "newest",
      limit: 1,
      only: { kind: "avatar", id },
    });
    if (!row) throw errors.notFound("Image not found");
    if (!toItem(row).pasFoto)
      throw new AppError(
        "pas_foto_unavailable",
        422,
        "A pas foto can be made only from a Formal CV/CPNS avatar",
      );
    // SSCASN refuses a pas foto with a watermark: it is removed first (ADR 036).
    if (row.has_watermark)
      throw new AppError(
        "pas_foto_watermarked",
        422,
        "A watermarked avatar cannot be a pas foto: remove its watermark first",
      );
    const background = backgroundOf(row);
    const key = `${row.image_key}|${String(row.has_watermark)}|${size}|${background}`;
    const now = Date.now();
    for (const [k, v] of exports) if (now - v.at > EXPORT_KEPT_MS) exports.delete(k);
    let kept = exports.get(key);
    if (!kept) {
      const made = (async () => {
        const stored = await d.storage.get("generated-avatars", row.image_key);
        if (!stored) throw errors.notFound("Image not found");
        return makePasFoto(stored.body, size, d.detector ?? faceDetector(), background);
      })();
      kept = { at: now, made };
      while (exports.size >= EXPORTS_KEPT) exports.delete(exports.keys().next().value!);
      exports.set(key, kept);
      made.catch(() => exports.delete(key));
    }
    return { made: await kept.made, background };
  }

  const service = {
    async page(userId: string, q: z.output<typeof galleryQuerySchema>): Promise<GalleryPage> {
      const rows = await d.gallery.list({
        userId,
        sort: q.sort,
        styleId: q.styleId,
        search: q.search || undefined,
        after: decodeCursor(q.cursor),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      return {
        items: page.map(toItem),
        nextCursor: rows.length > q.limit ? encodeCursor(page[page.length - 1]!) : null,
      };
    },

    /** The style filter's choices: only the styles the user has avatars of, with counts. */
    async styles(userId: string): Promise<GalleryStyles> {
      const rows = await d.gallery.styleCounts(userId);
      return {
        styles: rows.map((r) => ({
          id: r.id,
          name: r.name,
          nameId: r.name_id,
          count: Number(r.count),
        })),
      };
    },

    async item(userId: string, kind: GalleryKind, id: string): Promise<GalleryItem> {
      const [row] = await d.gallery.list({ userId, sort: "newest", limit: 1, only: { kind, id } });
      if (!row) throw errors.notFound("Image not found");
      return toItem(row);
    },

    /**
     * A Formal CV/CPNS avatar of the user's as a pas foto of `size`, cut around the face found
     * on the result itself (whichever provider drew it) and checked against SSCASN's rules: the
     * file, and the rules it does not meet.
     */
    async pasFoto(userId: string, id: string, size: PasFotoSize) {
      const { made } = await exportOf(userId, id, size);
      return { jpeg: made.jpeg, failed: made.failed };
    },

    /** The checklist of that pas foto (the same export as the download), in `lang`. */
    async pasFotoCheck(
      userId: string,
      id: string,
      size: PasFotoSize,
      lang: Language,
    ): Promise<PasFotoCheck> {
      const { made, background } = await exportOf(userId, id, size);
      return judgePasFoto(made.measures, { size, background, lang });
    },

    /** Removes the row and its files; another user's id is the same 404 as a missing one. */
    async remove(userId: string, kind: GalleryKind, id: string): Promise<void> {
      const keys = await d.gallery.delete(userId, kind, id);
      if (!keys) throw errors.notFound("Image not found");
      for (const key of keys) await d.storage.delete("generated-avatars", key);
    },

    /**
     * A watermarked avatar or Kanvas picture of the user's made clean for one paid credit, with no
     * new generation (ADR 036): under the picture's lock the removal is decided, paid
     * (`watermark_removal`, paid credits only: 402 otherwise) and marked under way; the picture
     * is finished again from its master outside the transaction; then its new renditions replace
     * the old ones, whose files go with the master. A failure gives the credit back, in its own
     * transaction. Another user's picture is the same 404 as a missing one.
     */
    async removeWatermark(userId: string, kind: GalleryKind, id: string): Promise<GalleryItem> {
      const { row, spendId } = await d.db.transaction(async (tx) => {
        const row = await d.gallery.lockForWatermark(tx, userId, kind, id);
        if (!row) throw errors.notFound("Image not found");
        const plan = planWatermarkRemoval(row, new Date(clock.now()));
        if (plan.refuse) throw plan.refuse;
        if (plan.staleSpendId) await d.credits.refund(plan.staleSpendId, tx);
        const { spendId } = await d.credits.spendPaid(
          userId,
          1,
          "watermark_removal",
          `Hapus watermark (${kind})`,
          tx,
        );
        await d.gallery.claimWatermark(tx, kind, id, spendId);
        return { row, spendId };
      });

      let clean: PictureKeys | null = null;
      try {
        clean = await d.results.unwatermark({ kind: "user", id: userId }, row.masterKey!, {
          width: row.width!,
          height: row.height!,
        });
        const keys = clean;
        const replaced = await d.db.transaction((tx) =>
          d.gallery.replaceWatermarked(tx, kind, id, spendId, keys),
        );
        // Deleted meanwhile (or taken over as a stale removal): nothing of it to clean.
        if (!replaced) throw errors.notFound("Image not found");
      } catch (e) {
        // The credit first: files left behind cost nothing of the member's.
        await d.db.transaction(async (tx) => {
          await d.credits.refund(spendId, tx);
          await d.gallery.releaseWatermark(tx, kind, id, spendId);
        });
        if (clean) await discardQuietly(clean);
        if (e instanceof AppError) throw e;
        d.log.error({ err: e, kind, id }, "removing a watermark failed; the credit was returned");
        throw watermarkRemovalFailed();
      }
      // The old renditions and the master are no longer anyone's (the removal is done: a file
      // that cannot be deleted now is logged, not the member's failure).
      await discardQuietly(row);
      return service.item(userId, kind, id);
    },
  };
  return service;
}
export type GalleryService = ReturnType<typeof createGalleryService>;
