import { LIMITS, type PhotoIssue, REFUSING_PHOTO_ISSUES, type UploadResponse } from "@rupa/shared";
import type { Actor } from "../../lib/actor";
import type { Box, FaceCheck } from "../../infra/images/face-check";
import type { FaceDetector } from "../../infra/images/face-detector";
import { processPhoto } from "../../infra/images/photo-pipeline";
import type { Logger } from "../../lib/logger";
import { fileUrl, newObjectKey, type ObjectOwner, type Storage } from "../../infra/storage/storage";
import { AppError, errors } from "../../lib/errors";
import type { PrivacyRepository } from "../privacy/privacy.repository";
import type { UploadOwner, UploadRow, UploadsRepository } from "./uploads.repository";

/** Why source photos were deleted (the processing log's reason). */
export type PhotoDeletionReason = "retention" | "request" | "account_deletion";
type DeletableRow = Pick<
  UploadRow,
  "id" | "userId" | "guestTrialId" | "originalKey" | "croppedKey" | "thumbKey"
>;

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

/** What the free photo check recorded for an upload (null: not checked). */
export function faceCheckOf(row: UploadRow): (FaceCheck & { cropFace: Box | null }) | null {
  return row.faceCheck ? (row.faceCheck as unknown as FaceCheck & { cropFace: Box | null }) : null;
}

/**
 * Why an avatar may not be made from this photo (no face, or more than one), or null: the one
 * rule behind the upload's verdict and the generation's refusal. A photo the check could not
 * look at is allowed.
 */
export function photoRefusal(row: UploadRow): PhotoIssue | null {
  return faceCheckOf(row)?.issues.find((i) => REFUSING_PHOTO_ISSUES.includes(i)) ?? null;
}

/** The photo check as the generator shows it: the face box is a share of the photo's size. */
function checkView(row: UploadRow): UploadResponse["upload"]["check"] {
  const check = faceCheckOf(row);
  if (!check || !row.width || !row.height) return null;
  const issues: PhotoIssue[] = check.issues;
  const box = check.face?.box;
  return {
    faces: check.faces,
    issues,
    verdict: photoRefusal(row) ? "refuse" : issues.length > 0 ? "warn" : "ok",
    face: box
      ? {
          x: box.x / row.width,
          y: box.y / row.height,
          width: box.width / row.width,
          height: box.height / row.height,
        }
      : null,
  };
}

export function uploadView(row: UploadRow): UploadResponse["upload"] {
  return {
    id: row.id,
    status: row.status as UploadResponse["upload"]["status"],
    width: row.width,
    height: row.height,
    thumbUrl: row.thumbKey ? fileUrl("user-uploads", row.thumbKey) : null,
    croppedUrl: row.croppedKey ? fileUrl("user-uploads", row.croppedKey) : null,
    check: checkView(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Upload → uploading → processing → completed (stored, re-encoded) or failed (with its reason). */
export function createUploadsService(d: {
  uploads: UploadsRepository;
  storage: Storage;
  log?: Pick<Logger, "warn">;
  /** The photo check's detector (the process-wide one by default). */
  detector?: FaceDetector;
  /** The processing log, where every deletion of a person's photos is written. */
  processingLog?: Pick<PrivacyRepository, "log">;
}) {
  /**
   * Deletes the rows' files (original, crop, thumbnail), marks them deleted and writes one
   * processing log entry per owner with how many and why (docs/product/privacy.md).
   */
  async function deletePhotos(rows: DeletableRow[], reason: PhotoDeletionReason): Promise<number> {
    const perOwner = new Map<string, { owner: UploadOwner; count: number }>();
    for (const r of rows) {
      for (const key of [r.originalKey, r.croppedKey, r.thumbKey]) {
        if (key) await d.storage.delete("user-uploads", key);
      }
      await d.uploads.markOriginalDeleted(r.id);
      const owner: UploadOwner | null = r.userId
        ? { userId: r.userId, guestTrialId: null }
        : r.guestTrialId
          ? { userId: null, guestTrialId: r.guestTrialId }
          : null;
      if (!owner) continue;
      const k = owner.userId ?? `g:${owner.guestTrialId}`;
      const seen = perOwner.get(k) ?? { owner, count: 0 };
      seen.count += 1;
      perOwner.set(k, seen);
    }
    for (const { owner, count } of perOwner.values())
      await d.processingLog?.log(owner, "photos_deleted", { reason, count });
    return rows.length;
  }

  /** Every one of `ids`, owned by the actor, in that order (one query); else 404. */
  async function ownedAll(actor: Actor, ids: readonly string[]): Promise<UploadRow[]> {
    const rows = await d.uploads.findByIds(ids);
    const mine = (row: UploadRow) =>
      (actor.userId && row.userId === actor.userId) ||
      (actor.guestTrialId && row.guestTrialId === actor.guestTrialId);
    if (rows.length !== ids.length || !rows.every(mine)) throw errors.notFound("Photo not found");
    return rows;
  }

  return {
    async upload(actor: Actor, bytes: Buffer) {
      const { owner, storageOwner } = ownerOf(actor);
      const id = await d.uploads.create(owner, bytes.length);
      try {
        await d.uploads.setProcessing(id);
        const photo = await processPhoto(bytes, d.detector);
        // The photo is kept either way; an avatar from an unchecked photo is allowed.
        if (photo.checkError)
          d.log?.warn({ upload: id, err: photo.checkError }, "photo check failed");
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
          faceCount: photo.check?.faces ?? null,
          faceCheck: photo.check ? { ...photo.check, cropFace: photo.cropFace } : null,
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
      return (await ownedAll(actor, [id]))[0]!;
    },

    ownedAll,

    /**
     * The actor's newest photo still kept, to make the next style from without uploading it
     * again (docs/product/generator.md); null when there is none, or no session to own one. A
     * guest gets it only by naming it (`id`, which only the browser that uploaded it knows): a
     * guest session is resumed by fingerprint (ADR 006), so another device may share it.
     */
    async latest(actor: Actor, id?: string): Promise<UploadResponse["upload"] | null> {
      if (!actor.userId && !actor.guestTrialId) return null;
      if (!actor.userId && !id) return null;
      const row = await d.uploads.latestKept(ownerOf(actor).owner, LIMITS.originalRetentionHours);
      if (!row || (!actor.userId && row.id !== id)) return null;
      return uploadView(row);
    },

    /**
     * The hourly clean-up's step: source photos due under their owner's retention choice
     * (24 hours, 7 days, or once their avatars are made) are deleted, and logged.
     */
    async deleteDuePhotos(now: Date = new Date()): Promise<number> {
      return deletePhotos(await d.uploads.originalsDue(now), "retention");
    },

    /** Every source photo of the owner's, at once (a withdrawn consent, a request). */
    async deleteAllOf(owner: UploadOwner, reason: PhotoDeletionReason): Promise<number> {
      return deletePhotos(await d.uploads.keptOf(owner), reason);
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
