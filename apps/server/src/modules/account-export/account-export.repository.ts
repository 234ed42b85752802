import { and, asc, desc, eq, lt, lte } from "drizzle-orm";
import {
  accountExports,
  creditLots,
  creditSpendLots,
  creditSpends,
  generationJobs,
  kanvasImages,
  payments,
  photoConsents,
  processingLog,
  results,
  styles,
  uploads,
  userRoles,
  users,
} from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";

export type ExportRow = typeof accountExports.$inferSelect;

/** How many exports a member's list shows. */
const LIST_LIMIT = 10;

/**
 * A member's data exports (account_exports) and the reads that fill one: every table that holds
 * the member's personal data, each read by the member's id.
 */
export function createAccountExportRepository(db: Database) {
  return {
    /** A new pending export, or null when the member already has one pending (the unique index). */
    async insertPending(userId: string, at: Date): Promise<ExportRow | null> {
      const [row] = await db
        .insert(accountExports)
        .values({ userId, createdAt: at })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async byId(id: string): Promise<ExportRow | null> {
      const [row] = await db.select().from(accountExports).where(eq(accountExports.id, id));
      return row ?? null;
    },

    /** The member's export with this id (another member's is null). */
    async ofUser(userId: string, id: string): Promise<ExportRow | null> {
      const [row] = await db
        .select()
        .from(accountExports)
        .where(and(eq(accountExports.id, id), eq(accountExports.userId, userId)));
      return row ?? null;
    },

    async listOf(userId: string): Promise<ExportRow[]> {
      return db
        .select()
        .from(accountExports)
        .where(eq(accountExports.userId, userId))
        .orderBy(desc(accountExports.createdAt), desc(accountExports.id))
        .limit(LIST_LIMIT);
    },

    /** A pending export becomes ready with its object (false: it was not pending any more). */
    async markReady(
      id: string,
      d: { storageKey: string; sizeBytes: number; completedAt: Date; expiresAt: Date },
      tx: Tx,
    ): Promise<boolean> {
      const rows = await tx
        .update(accountExports)
        .set({ status: "ready", ...d })
        .where(and(eq(accountExports.id, id), eq(accountExports.status, "pending")))
        .returning({ id: accountExports.id });
      return rows.length > 0;
    },

    async markFailed(id: string, errorCode: string, at: Date): Promise<void> {
      await db
        .update(accountExports)
        .set({ status: "failed", errorCode, completedAt: at })
        .where(and(eq(accountExports.id, id), eq(accountExports.status, "pending")));
    },

    /** Ready exports whose time is up (the expiry step deletes their objects). */
    async dueToExpire(now: Date): Promise<ExportRow[]> {
      return db
        .select()
        .from(accountExports)
        .where(and(eq(accountExports.status, "ready"), lte(accountExports.expiresAt, now)));
    },

    async markExpired(id: string): Promise<void> {
      await db
        .update(accountExports)
        .set({ status: "expired", storageKey: null })
        .where(eq(accountExports.id, id));
    },

    /** Pending exports started before `before` (their job died): ids. */
    async stalePending(before: Date): Promise<string[]> {
      const rows = await db
        .select({ id: accountExports.id })
        .from(accountExports)
        .where(and(eq(accountExports.status, "pending"), lt(accountExports.createdAt, before)));
      return rows.map((r) => r.id);
    },

    async logExported(userId: string, detail: Record<string, unknown>, tx: Tx): Promise<void> {
      await tx
        .insert(processingLog)
        .values({ userId, guestTrialId: null, kind: "data_exported", detail });
    },

    // ------------------------------------------------------------------------------------------
    // What an export holds (docs/product/privacy.md, Export)

    async account(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          emailVerified: users.emailVerified,
          fullName: users.fullName,
          phone: users.phone,
          preferredLanguage: users.preferredLanguage,
          photoRetention: users.photoRetention,
          referralCode: users.referralCode,
          totalGenerations: users.totalGenerations,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
          role: userRoles.role,
        })
        .from(users)
        .leftJoin(userRoles, eq(userRoles.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async creditLots(userId: string) {
      return db
        .select({
          id: creditLots.id,
          source: creditLots.source,
          amount: creditLots.amount,
          remaining: creditLots.remaining,
          watermarked: creditLots.watermarked,
          description: creditLots.description,
          paymentId: creditLots.paymentId,
          createdAt: creditLots.createdAt,
          expiresAt: creditLots.expiresAt,
        })
        .from(creditLots)
        .where(eq(creditLots.userId, userId))
        .orderBy(asc(creditLots.createdAt), asc(creditLots.id));
    },

    async creditSpends(userId: string) {
      return db
        .select({
          id: creditSpends.id,
          reason: creditSpends.reason,
          amount: creditSpends.amount,
          watermarked: creditSpends.watermarked,
          description: creditSpends.description,
          createdAt: creditSpends.createdAt,
        })
        .from(creditSpends)
        .where(eq(creditSpends.userId, userId))
        .orderBy(asc(creditSpends.createdAt), asc(creditSpends.id));
    },

    /** Which lots each of the member's spends took its credits from. */
    async creditSpendLots(userId: string) {
      return db
        .select({
          spendId: creditSpendLots.spendId,
          lotId: creditSpendLots.lotId,
          amount: creditSpendLots.amount,
        })
        .from(creditSpendLots)
        .innerJoin(creditSpends, eq(creditSpends.id, creditSpendLots.spendId))
        .where(eq(creditSpends.userId, userId))
        .orderBy(asc(creditSpendLots.spendId), asc(creditSpendLots.lotId));
    },

    /** The member's orders (the gateway's checkout token left out: it is a credential). */
    async payments(userId: string) {
      return db
        .select({
          id: payments.id,
          orderId: payments.orderId,
          planId: payments.planId,
          planName: payments.planName,
          billingCycle: payments.billingCycle,
          credits: payments.credits,
          validityDays: payments.validityDays,
          amountIdr: payments.amountIdr,
          gateway: payments.gateway,
          status: payments.status,
          paymentType: payments.paymentType,
          invoiceNumber: payments.invoiceNumber,
          createdAt: payments.createdAt,
          paidAt: payments.paidAt,
          creditedAt: payments.creditedAt,
          refundedAt: payments.refundedAt,
          refundReason: payments.refundReason,
        })
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(asc(payments.createdAt), asc(payments.id));
    },

    /** Avatars and Kanvas pictures asked for, with their style (the catalogue's name). */
    async generations(userId: string) {
      return db
        .select({
          id: generationJobs.id,
          kind: generationJobs.kind,
          status: generationJobs.status,
          styleSlug: styles.slug,
          styleName: styles.name,
          provider: generationJobs.provider,
          model: generationJobs.modelName,
          uploadId: generationJobs.uploadId,
          errorCode: generationJobs.errorCode,
          queuedAt: generationJobs.queuedAt,
          startedAt: generationJobs.startedAt,
          finishedAt: generationJobs.finishedAt,
        })
        .from(generationJobs)
        .leftJoin(styles, eq(styles.id, generationJobs.styleId))
        .where(eq(generationJobs.userId, userId))
        .orderBy(asc(generationJobs.createdAt), asc(generationJobs.id));
    },

    /** The member's avatars (the picture as delivered; a private master is not theirs to fetch). */
    async results(userId: string) {
      return db
        .select({
          id: results.id,
          jobId: results.jobId,
          imageKey: results.imageKey,
          width: results.width,
          height: results.height,
          hasWatermark: results.hasWatermark,
          generationTimeSeconds: results.generationTimeSeconds,
          likenessScore: results.likenessScore,
          likenessVerdict: results.likenessVerdict,
          createdAt: results.createdAt,
        })
        .from(results)
        .where(eq(results.userId, userId))
        .orderBy(asc(results.createdAt), asc(results.id));
    },

    async kanvasImages(userId: string) {
      return db
        .select({
          id: kanvasImages.id,
          jobId: kanvasImages.jobId,
          imageKey: kanvasImages.imageKey,
          prompt: kanvasImages.prompt,
          mode: kanvasImages.mode,
          aspectRatio: kanvasImages.aspectRatio,
          hasWatermark: kanvasImages.hasWatermark,
          createdAt: kanvasImages.createdAt,
        })
        .from(kanvasImages)
        .where(eq(kanvasImages.userId, userId))
        .orderBy(asc(kanvasImages.createdAt), asc(kanvasImages.id));
    },

    async uploads(userId: string) {
      return db
        .select({
          id: uploads.id,
          status: uploads.status,
          mimeType: uploads.mimeType,
          width: uploads.width,
          height: uploads.height,
          sizeBytes: uploads.sizeBytes,
          faceCount: uploads.faceCount,
          originalKey: uploads.originalKey,
          createdAt: uploads.createdAt,
          completedAt: uploads.completedAt,
          originalDeletedAt: uploads.originalDeletedAt,
        })
        .from(uploads)
        .where(eq(uploads.userId, userId))
        .orderBy(asc(uploads.createdAt), asc(uploads.id));
    },

    /** Consents given (the keyed hash of the address left out: it cannot be read back). */
    async consents(userId: string) {
      return db
        .select({
          id: photoConsents.id,
          version: photoConsents.version,
          givenAt: photoConsents.givenAt,
          withdrawnAt: photoConsents.withdrawnAt,
        })
        .from(photoConsents)
        .where(eq(photoConsents.userId, userId))
        .orderBy(asc(photoConsents.givenAt), asc(photoConsents.id));
    },

    async processingLog(userId: string) {
      return db
        .select({
          id: processingLog.id,
          kind: processingLog.kind,
          detail: processingLog.detail,
          createdAt: processingLog.createdAt,
        })
        .from(processingLog)
        .where(eq(processingLog.userId, userId))
        .orderBy(asc(processingLog.createdAt), asc(processingLog.id));
    },
  };
}
export type AccountExportRepository = ReturnType<typeof createAccountExportRepository>;
