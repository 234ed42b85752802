import type { AdminUpload, AdminUploadsQuery, UploadStatus } from "@rupa/shared";
import type { Transactor } from "../../../infra/db/client";
import type { Storage } from "../../../infra/storage/storage";
import { fileUrl } from "../../../infra/storage/storage";
import { errors } from "../../../lib/errors";
import type { Logger } from "../../../lib/logger";
import type { AuditActor, AuditRepository } from "../../audit/audit.repository";
import type { AdminUploadRow, AdminUploadsRepository } from "./uploads.repository";

export function adminUploadView(r: AdminUploadRow): AdminUpload {
  const url = (key: string | null) => (key ? fileUrl("user-uploads", key) : null);
  return {
    id: r.id,
    owner: r.userId ? { kind: "user", email: r.email } : { kind: "guest", email: null },
    status: r.status as UploadStatus,
    errorCode: r.errorCode,
    width: r.width,
    height: r.height,
    sizeBytes: r.sizeBytes,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    originalDeletedAt: r.originalDeletedAt?.toISOString() ?? null,
    originalUrl: r.originalDeletedAt ? null : url(r.originalKey),
    croppedUrl: url(r.croppedKey),
    thumbUrl: url(r.thumbKey),
  };
}

export interface AdminUploadsDeps {
  db: Transactor;
  repo: AdminUploadsRepository;
  audit: Pick<AuditRepository, "write">;
  storage: Pick<Storage, "delete">;
  log: Pick<Logger, "warn">;
}

/** The admin Uploads section: every upload with its owner, and its deletion with its files. */
export function createAdminUploadsService(d: AdminUploadsDeps) {
  return {
    async listUploads(query: AdminUploadsQuery) {
      const page = await d.repo.listUploads(query);
      return {
        items: page.items.map(adminUploadView),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * Deletes an upload's row with its audit row (one transaction), then its files. A file
     * that cannot be deleted is logged: the row is gone, so nothing serves it any more.
     */
    async deleteUpload(id: string, actor: AuditActor): Promise<void> {
      const row = await d.db.transaction(async (tx) => {
        const row = await d.repo.lockUpload(tx, id);
        if (!row) throw errors.notFound("Upload not found");
        if ((await d.repo.generationsUsing(tx, id)) > 0) {
          throw errors.conflict(
            "conflict",
            "A generation is still using this photo; try again when it has finished",
          );
        }
        await d.audit.write(tx, {
          actor,
          action: "upload.deleted",
          entityType: "upload",
          entityId: row.id,
          before: {
            owner: row.userId
              ? { kind: "user", id: row.userId, email: row.email }
              : { kind: "guest", id: row.guestTrialId },
            status: row.status,
            originalKey: row.originalKey,
            croppedKey: row.croppedKey,
            thumbKey: row.thumbKey,
            createdAt: row.createdAt.toISOString(),
          },
          after: null,
        });
        await d.repo.deleteUpload(tx, id);
        return row;
      });
      for (const key of [row.originalKey, row.croppedKey, row.thumbKey]) {
        if (!key) continue;
        try {
          await d.storage.delete("user-uploads", key);
        } catch (e) {
          d.log.warn({ err: e, uploadId: row.id, key }, "upload file not deleted");
        }
      }
    },
  };
}
export type AdminUploadsService = ReturnType<typeof createAdminUploadsService>;
