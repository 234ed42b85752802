import type { UploadResponse } from "@rupa/shared";
import type { Actor } from "../../lib/actor";
import { processPhoto } from "../../infra/images/photo-pipeline";
import { fileUrl, newObjectKey, type ObjectOwner, type Storage } from "../../infra/storage/storage";
import { AppError, errors } from "../../lib/errors";
import type { UploadOwner, UploadRow, UploadsRepository } from "./uploads.repository";

export function ownerOf(actor: Actor): { owner: UploadOwner; storageOwner: ObjectOwner } {
  if (actor.userId)
    return {
      owner: { userId: actor.userId, guestTrialId: null },
      storageOwner: { kind: "user", id: actor.userId },
    };
  if (actor.guestTrialId) {
    return {
      owner: { userId: null, guestTrialId: actor.guestTrialId },
      storageOwner: { kind: "guest", id: actor.guestTrialId },
    };
  }
  throw new AppError(
    "guest_session_required",
    401,
    "Open the generator again to start a guest session",
  );
}

export function uploadView(row: UploadRow): UploadResponse["upload"] {
  return {
    id: row.id,
    status: row.status as UploadResponse["upload"]["status"],
    width: row.width,
    height: row.height,
    thumbUrl: row.thumbKey ? fileUrl("user-uploads", row.thumbKey) : null,
    croppedUrl: row.croppedKey ? fileUrl("user-uploads", row.croppedKey) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Upload → uploading → processing → completed (stored, re-encoded) or failed (with its reason). */
export function createUploadsService(d: { uploads: UploadsRepository; storage: Storage }) {
  return {
    async upload(actor: Actor, bytes: Buffer) {
      const { owner, storageOwner } = ownerOf(actor);
      const id = await d.uploads.create(owner, bytes.length);
      try {
        await d.uploads.setProcessing(id);
        const photo = await processPhoto(bytes);
        const originalKey = newObjectKey(storageOwner, "jpg");
        const croppedKey = newObjectKey(storageOwner, "jpg", "crop");
        const thumbKey = newObjectKey(storageOwner, "webp", "thumb");
        await Promise.all([
          d.storage.put("user-uploads", originalKey, photo.original),
          d.storage.put("user-uploads", croppedKey, photo.cropped),
          d.storage.put("user-uploads", thumbKey, photo.thumb),
        ]);
        await d.uploads.complete(id, {
          originalKey,
          croppedKey,
          thumbKey,
          mimeType: `image/${photo.type}`,
          width: photo.width,
          height: photo.height,
        });
      } catch (e) {
        await d.uploads.fail(id, e instanceof AppError ? String(e.code) : "processing_failed");
        throw e;
      }
      const row = await d.uploads.findById(id);
      return uploadView(row!);
    },

    /** An upload the actor owns, or 404 (another user's id looks the same as a missing one). */
    async owned(actor: Actor, id: string): Promise<UploadRow> {
      const row = await d.uploads.findById(id);
      const mine =
        row &&
        ((actor.userId && row.userId === actor.userId) ||
          (actor.guestTrialId && row.guestTrialId === actor.guestTrialId));
      if (!row || !mine) throw errors.notFound("Photo not found");
      return row;
    },

    /** Clean-up step: originals (and their crops) go 24 hours after upload. */
    async deleteExpiredOriginals(hours: number): Promise<number> {
      const rows = await d.uploads.originalsOlderThan(hours);
      for (const r of rows) {
        for (const key of [r.originalKey, r.croppedKey, r.thumbKey]) {
          if (key) await d.storage.delete("user-uploads", key);
        }
        await d.uploads.markOriginalDeleted(r.id);
      }
      return rows.length;
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
