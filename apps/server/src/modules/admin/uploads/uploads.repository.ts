import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { parseSort, type AdminUploadsQuery } from "@rupa/shared";
import { generationJobs, uploads, users } from "../../../db/schema";
import type { Database, Tx } from "../../../infra/db/client";
import { anyContains } from "../../../infra/db/like-pattern";
import { countAll, readPage } from "../../../infra/db/page";

export interface AdminUploadRow {
  id: string;
  userId: string | null;
  guestTrialId: string | null;
  email: string | null;
  status: string;
  errorCode: string | null;
  width: number | null;
  height: number | null;
  sizeBytes: number | null;
  originalKey: string | null;
  croppedKey: string | null;
  thumbKey: string | null;
  createdAt: Date;
  completedAt: Date | null;
  originalDeletedAt: Date | null;
}

/** The admin Uploads section: every upload with its owner, and its deletion. */
export function createAdminUploadsRepository(db: Database) {
  const uploadColumns = {
    id: uploads.id,
    userId: uploads.userId,
    guestTrialId: uploads.guestTrialId,
    email: users.email,
    status: uploads.status,
    errorCode: uploads.errorCode,
    width: uploads.width,
    height: uploads.height,
    sizeBytes: uploads.sizeBytes,
    originalKey: uploads.originalKey,
    croppedKey: uploads.croppedKey,
    thumbKey: uploads.thumbKey,
    createdAt: uploads.createdAt,
    completedAt: uploads.completedAt,
    originalDeletedAt: uploads.originalDeletedAt,
  };

  return {
    async listUploads(
      query: AdminUploadsQuery,
    ): Promise<{ items: AdminUploadRow[]; total: number }> {
      const where: SQL[] = [];
      if (query.status) where.push(eq(uploads.status, query.status));
      if (query.q) where.push(anyContains([users.email], query.q));
      const cond = and(...where);
      const { column, direction } = parseSort(query.sort);
      const col = column === "completedAt" ? uploads.completedAt : uploads.createdAt;
      const order = direction === "asc" ? sql`${col} ASC NULLS LAST` : sql`${col} DESC NULLS LAST`;
      const { rows, total } = await readPage(
        query,
        db
          .select(uploadColumns)
          .from(uploads)
          .leftJoin(users, eq(users.id, uploads.userId))
          .where(cond)
          .orderBy(order, desc(uploads.id))
          .$dynamic(),
        db
          .select({ n: countAll })
          .from(uploads)
          .leftJoin(users, eq(users.id, uploads.userId))
          .where(cond),
      );
      return { items: rows, total };
    },

    /** The upload with its owner's e-mail, its row locked until the transaction ends; or null. */
    async lockUpload(tx: Tx, id: string): Promise<AdminUploadRow | null> {
      const [row] = await tx
        .select(uploadColumns)
        .from(uploads)
        .leftJoin(users, eq(users.id, uploads.userId))
        .where(eq(uploads.id, id))
        .for("update", { of: uploads });
      return row ?? null;
    },

    /** How many queued or running generations read this upload. */
    async generationsUsing(tx: Tx, uploadId: string): Promise<number> {
      const running = await tx
        .select({ n: countAll })
        .from(generationJobs)
        .where(
          and(
            eq(generationJobs.uploadId, uploadId),
            inArray(generationJobs.status, ["queued", "processing"]),
          ),
        );
      return Number(running[0]?.n ?? 0);
    },

    /** The upload's row; results made from it stay (their `upload_id` becomes null). */
    async deleteUpload(tx: Tx, id: string): Promise<void> {
      await tx.delete(uploads).where(eq(uploads.id, id));
    },
  };
}
export type AdminUploadsRepository = ReturnType<typeof createAdminUploadsRepository>;
