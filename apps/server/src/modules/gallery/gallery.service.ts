import {
  type GalleryItem,
  type GalleryKind,
  type GalleryPage,
  type GalleryStyles,
  PAS_FOTO_CATEGORY,
  type PasFotoSize,
} from "@rupa/shared";
import { type FaceDetector, faceDetector } from "../../infra/images/face-detector";
import { makePasFoto } from "../../infra/images/pas-foto";
import type { z } from "zod";
import type { galleryQuerySchema } from "@rupa/shared";
import type { Storage } from "../../infra/storage/storage";
import { AppError, errors } from "../../lib/errors";
import { fileUrl } from "../../infra/storage/storage";
import { pictureUrls } from "../jobs";
import type { GalleryRepository, GalleryRow } from "./gallery.repository";

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
    prompt: r.prompt,
    beforeUrl: r.before_key ? fileUrl("user-uploads", r.before_key) : null,
    originalDeleted: Boolean(r.original_deleted),
    pasFoto: r.kind === "avatar" && r.style_category === PAS_FOTO_CATEGORY,
    batch: r.batch_id ? { id: r.batch_id, size: Number(r.batch_size) } : null,
  };
}

/** The gallery: only the owner's items are ever listed, shown, downloaded or deleted. */
export function createGalleryService(d: {
  gallery: GalleryRepository;
  storage: Storage;
  detector?: FaceDetector;
}) {
  return {
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
     * on the result itself (whichever provider drew it).
     */
    async pasFoto(userId: string, id: string, size: PasFotoSize): Promise<Buffer> {
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
      const stored = await d.storage.get("generated-avatars", row.image_key);
      if (!stored) throw errors.notFound("Image not found");
      return makePasFoto(stored.body, size, d.detector ?? faceDetector());
    },

    /** Removes the row and its files; another user's id is the same 404 as a missing one. */
    async remove(userId: string, kind: GalleryKind, id: string): Promise<void> {
      const keys = await d.gallery.delete(userId, kind, id);
      if (!keys) throw errors.notFound("Image not found");
      for (const key of keys) await d.storage.delete("generated-avatars", key);
    },
  };
}
export type GalleryService = ReturnType<typeof createGalleryService>;
