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
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Tx } from "../../infra/db/client";

export type ExportRow = typeof accountExports.$inferSelect;

/** How many exports a member's list shows. */
const LIST_LIMIT = 10;

/** A table with rows of one member, by their id. */
type MemberTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn };

/**
 * The member's rows of one table, oldest first (by `oldest`, then id): the named columns as they
 * are stored, and nothing else.
 */
function memberRows<T extends MemberTable, K extends keyof T["$inferSelect"] & keyof T & string>(
  db: Database,
  table: T,
  userId: string,
  names: readonly K[],
  oldest: K = "createdAt" as K,
): Promise<Pick<T["$inferSelect"], K>[]> {
  const column = (name: K) => table[name] as AnyPgColumn;
  const from: PgTable = table;
  return db
    .select(Object.fromEntries(names.map((name) => [name, column(name)])))
    .from(from)
    .where(eq(table.userId, userId))
    .orderBy(asc(column(oldest)), asc(table.id)) as unknown as Promise<
    Pick<T["$inferSelect"], K>[]
  >;
}

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

    creditLots: (userId: string) =>
      memberRows(db, creditLots, userId, [
        "id",
        "source",
        "amount",
        "remaining",
        "watermarked",
        "description",
        "paymentId",
        "createdAt",
        "expiresAt",
      ]),

    creditSpends: (userId: string) =>
      memberRows(db, creditSpends, userId, [
        "id",
        "reason",
        "amount",
        "watermarked",
        "description",
        "createdAt",
      ]),

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
    payments: (userId: string) =>
      memberRows(db, payments, userId, [
        "id",
        "orderId",
        "planId",
        "planName",
        "billingCycle",
        "credits",
        "validityDays",
        "amountIdr",
        "gateway",
        "status",
        "paymentType",
        "invoiceNumber",
        "createdAt",
        "paidAt",
        "creditedAt",
        "refundedAt",
        "refundReason",
      ]),

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
    results: (userId: string) =>
      memberRows(db, results, userId, [
        "id",
        "jobId",
        "imageKey",
        "width",
        "height",
        "hasWatermark",
        "generationTimeSeconds",
        "likenessScore",
        "likenessVerdict",
        "createdAt",
      ]),

    kanvasImages: (userId: string) =>
      memberRows(db, kanvasImages, userId, [
        "id",
        "jobId",
        "imageKey",
        "prompt",
        "mode",
        "aspectRatio",
        "hasWatermark",
        "createdAt",
      ]),

    uploads: (userId: string) =>
      memberRows(db, uploads, userId, [
        "id",
        "status",
        "mimeType",
        "width",
        "height",
        "sizeBytes",
        "faceCount",
        "originalKey",
        "createdAt",
        "completedAt",
        "originalDeletedAt",
      ]),

    /** Consents given (the keyed hash of the address left out: it cannot be read back). */
    consents: (userId: string) =>
      memberRows(db, photoConsents, userId, ["id", "version", "givenAt", "withdrawnAt"], "givenAt"),

    processingLog: (userId: string) =>
      memberRows(db, processingLog, userId, ["id", "kind", "detail", "createdAt"]),
  };
}
export type AccountExportRepository = ReturnType<typeof createAccountExportRepository>;
