import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { PhotoRetention, ProcessingLogKind } from "@rupa/shared";
import { generationJobs, photoConsents, processingLog, users } from "../../db/schema";
import type { Database } from "../../infra/db/client";
import { readPage } from "../../infra/db/page";

/** Whose consent and log: a member, or a guest trial (ADR 006). */
export type PrivacyOwner =
  | { userId: string; guestTrialId: null }
  | { userId: null; guestTrialId: string };

const ownedBy = <T extends typeof photoConsents | typeof processingLog>(t: T, o: PrivacyOwner) =>
  o.userId !== null ? eq(t.userId, o.userId) : eq(t.guestTrialId, o.guestTrialId);

export type ConsentRow = typeof photoConsents.$inferSelect;
export type ProcessingLogRow = typeof processingLog.$inferSelect;

/** Photo consents, the processing log and the member's retention choice. */
export function createPrivacyRepository(db: Database) {
  return {
    /** The owner's newest consent not withdrawn, or null. */
    async activeConsent(o: PrivacyOwner): Promise<ConsentRow | null> {
      const [row] = await db
        .select()
        .from(photoConsents)
        .where(and(ownedBy(photoConsents, o), isNull(photoConsents.withdrawnAt)))
        .orderBy(desc(photoConsents.givenAt))
        .limit(1);
      return row ?? null;
    },

    async addConsent(o: PrivacyOwner, version: number, ipHash: string | null): Promise<void> {
      await db.insert(photoConsents).values({ ...o, version, ipHash });
    },

    /** Ends every consent of the owner still in force; how many there were. */
    async withdrawConsents(o: PrivacyOwner, at: Date): Promise<number> {
      const rows = await db
        .update(photoConsents)
        .set({ withdrawnAt: at })
        .where(and(ownedBy(photoConsents, o), isNull(photoConsents.withdrawnAt)))
        .returning({ id: photoConsents.id });
      return rows.length;
    },

    async log(o: PrivacyOwner, kind: ProcessingLogKind, detail: Record<string, unknown> = {}) {
      await db.insert(processingLog).values({ ...o, kind, detail });
    },

    /** A page of the member's log, newest first, and how many entries there are in all. */
    async logPage(userId: string, page: number, limit: number) {
      return readPage(
        { page, pageSize: limit },
        db
          .select()
          .from(processingLog)
          .where(eq(processingLog.userId, userId))
          .orderBy(desc(processingLog.createdAt), desc(processingLog.id))
          .$dynamic(),
        db.select({ n: count() }).from(processingLog).where(eq(processingLog.userId, userId)),
      );
    },

    /** The owner's generations still queued or running. */
    async activeGenerations(o: PrivacyOwner): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(generationJobs)
        .where(
          and(
            o.userId !== null
              ? eq(generationJobs.userId, o.userId)
              : eq(generationJobs.guestTrialId, o.guestTrialId),
            inArray(generationJobs.status, ["queued", "processing"]),
          ),
        );
      return row?.n ?? 0;
    },

    async retentionOf(userId: string): Promise<PhotoRetention> {
      const [row] = await db
        .select({ r: users.photoRetention })
        .from(users)
        .where(eq(users.id, userId));
      return (row?.r ?? "24h") as PhotoRetention;
    },

    async setRetention(userId: string, retention: PhotoRetention): Promise<void> {
      await db.update(users).set({ photoRetention: retention }).where(eq(users.id, userId));
    },
  };
}
export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
