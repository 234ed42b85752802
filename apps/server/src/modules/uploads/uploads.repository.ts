import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { generationJobs, uploads, users } from "../../db/schema";
import type { Database } from "../../infra/db/client";

export type UploadRow = typeof uploads.$inferSelect;
export type UploadOwner =
  | { userId: string; guestTrialId: null }
  | { userId: null; guestTrialId: string };

/** A source photo's owner and its files: what deleting the photo needs. */
const photoFiles = {
  id: uploads.id,
  userId: uploads.userId,
  guestTrialId: uploads.guestTrialId,
  originalKey: uploads.originalKey,
  croppedKey: uploads.croppedKey,
  thumbKey: uploads.thumbKey,
};

/** The photos of a member, or of a guest. */
const ownedBy = (owner: UploadOwner) =>
  owner.userId !== null
    ? eq(uploads.userId, owner.userId)
    : eq(uploads.guestTrialId, owner.guestTrialId);

export function createUploadsRepository(db: Database) {
  return {
    async create(owner: UploadOwner, sizeBytes: number): Promise<string> {
      const [row] = await db
        .insert(uploads)
        .values({
          userId: owner.userId,
          guestTrialId: owner.guestTrialId,
          status: "uploading",
          sizeBytes,
        })
        .returning({ id: uploads.id });
      return row!.id;
    },

    async setProcessing(id: string): Promise<void> {
      await db.update(uploads).set({ status: "processing" }).where(eq(uploads.id, id));
    },

    async complete(
      id: string,
      v: {
        originalKey: string;
        croppedKey: string;
        thumbKey: string;
        mimeType: string;
        width: number;
        height: number;
        faceCount: number | null;
        faceCheck: Record<string, unknown> | null;
      },
    ): Promise<void> {
      await db
        .update(uploads)
        .set({ ...v, status: "completed", completedAt: sql`now()` })
        .where(eq(uploads.id, id));
    },

    async fail(id: string, errorCode: string): Promise<void> {
      await db
        .update(uploads)
        .set({ status: "failed", errorCode, completedAt: sql`now()` })
        .where(eq(uploads.id, id));
    },

    async findById(id: string): Promise<UploadRow | null> {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row ?? null;
    },

    /** The uploads of `ids` that exist, in the order of `ids`. */
    async findByIds(ids: readonly string[]): Promise<UploadRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(uploads)
        .where(inArray(uploads.id, [...ids]));
      return ids.flatMap((id) => rows.filter((r) => r.id === id));
    },

    /**
     * The owner's newest photo that is ready and still kept: processed, its files not deleted,
     * uploaded less than `hours` ago (the clean-up may not have run yet).
     */
    async latestKept(owner: UploadOwner, hours: number): Promise<UploadRow | null> {
      const [row] = await db
        .select()
        .from(uploads)
        .where(
          and(
            ownedBy(owner),
            eq(uploads.status, "completed"),
            isNotNull(uploads.croppedKey),
            isNull(uploads.originalDeletedAt),
            gt(uploads.createdAt, sql`now() - make_interval(hours => ${hours})`),
          ),
        )
        .orderBy(desc(uploads.createdAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * Source photos due for deletion at `now` under their owner's retention choice
     * (docs/product/privacy.md): a guest's after 24 hours; a member's after 24 hours or 7 days
     * as chosen, or, for "right after my avatars are made", once an avatar was made from it and
     * none from it is still queued or running.
     */
    async originalsDue(now: Date, limit = 500) {
      const at = sql`${now.toISOString()}::timestamptz`;
      const older = (hours: number) =>
        lt(uploads.createdAt, sql`${at} - make_interval(hours => ${hours})`);
      const finishedFrom = sql`EXISTS (SELECT 1 FROM ${generationJobs} g WHERE g.upload_id = ${uploads.id} AND g.status IN ('succeeded', 'failed'))
        AND NOT EXISTS (SELECT 1 FROM ${generationJobs} g WHERE g.upload_id = ${uploads.id} AND g.status IN ('queued', 'processing'))`;
      return db
        .select(photoFiles)
        .from(uploads)
        .leftJoin(users, eq(users.id, uploads.userId))
        .where(
          and(
            isNotNull(uploads.originalKey),
            or(
              and(isNull(uploads.userId), older(24)),
              and(eq(users.photoRetention, "24h"), older(24)),
              and(eq(users.photoRetention, "7d"), older(7 * 24)),
              and(eq(users.photoRetention, "after_avatars"), or(older(24), finishedFrom)),
            ),
          ),
        )
        .limit(limit);
    },

    /** Every source photo of the owner's that still exists (a withdrawal deletes them all). */
    async keptOf(owner: UploadOwner) {
      return db
        .select(photoFiles)
        .from(uploads)
        .where(
          and(ownedBy(owner), or(isNotNull(uploads.originalKey), isNotNull(uploads.croppedKey))),
        );
    },

    async markOriginalDeleted(id: string): Promise<void> {
      await db
        .update(uploads)
        .set({ originalKey: null, croppedKey: null, thumbKey: null, originalDeletedAt: sql`now()` })
        .where(eq(uploads.id, id));
    },

    async listForAdmin(limit = 100) {
      return db
        .select({ upload: uploads, email: users.email })
        .from(uploads)
        .leftJoin(users, eq(users.id, uploads.userId))
        .orderBy(desc(uploads.createdAt))
        .limit(limit);
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
