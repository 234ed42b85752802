import { and, asc, desc, eq, gt, inArray, isNull, or, type SQLWrapper, sql } from "drizzle-orm";
import type { LOT_SOURCES, SPEND_REASONS } from "../../db/schema";
import { creditLots, creditSpendLots, creditSpends, users } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import { AppError } from "../../lib/errors";
import type { LotState } from "./credits.rules";

export type LotSource = (typeof LOT_SOURCES)[number];
export type SpendReason = (typeof SPEND_REASONS)[number];

export interface GrantInput {
  source: LotSource;
  amount: number;
  watermarked: boolean;
  expiresAt?: Date | null;
  description?: string;
  paymentId?: string | null;
  grantedBy?: string | null;
  refundOfSpendId?: string | null;
}

export function insufficientCredits() {
  return new AppError(
    "insufficient_credits",
    402,
    "Insufficient credits. Please purchase more credits to continue.",
  );
}

/** A spend only paid (not watermarked) credits can make, and the member holds too few. */
export function paidCreditRequired() {
  return new AppError(
    "paid_credit_required",
    402,
    "This needs a paid credit: free (watermarked) credits cannot pay for it. Please buy a plan to continue.",
  );
}

/** The user's lots that still hold credits (whether expired or not). */
const holdingLotsOf = (userId: string | SQLWrapper) =>
  and(eq(creditLots.userId, userId), gt(creditLots.remaining, 0));

/** Lots that have not expired at `now`: no end, or an end after it. */
const unexpiredAt = (now: Date | SQLWrapper) =>
  or(isNull(creditLots.expiresAt), gt(creditLots.expiresAt, now));

/**
 * The ledger's tables (docs/product/credits-and-plans.md): credit lots, spends and what each spend took from each lot. The reads
 * every page makes, and the writes the credits service (credits.service.ts) makes in the
 * transaction it is given.
 */
export function createCreditsRepository(db: Database) {
  const heldLotsOf = (q: Database | Tx, userId: string | SQLWrapper, now: Date | SQLWrapper) =>
    q
      .select({
        id: creditLots.id,
        remaining: creditLots.remaining,
        watermarked: creditLots.watermarked,
        expiresAt: creditLots.expiresAt,
        createdAt: creditLots.createdAt,
      })
      .from(creditLots)
      .where(and(holdingLotsOf(userId), unexpiredAt(now)));

  /**
   * The held lots outside a transaction, as every signed-in page's /api/account/me reads them:
   * built once and prepared (a named statement on PostgreSQL), instead of building the query's
   * SQL per request (issue 33). `now` goes as the text the column's own mapping would send.
   */
  const heldLotsNow = heldLotsOf(db, sql.placeholder("userId"), sql.placeholder("now")).prepare(
    "credits_held_lots",
  );

  return {
    /** The user's lots that still hold credits at `now`, outside a transaction (every page's). */
    async heldLotsNow(userId: string, now: Date): Promise<LotState[]> {
      return heldLotsNow.execute({ userId, now: now.toISOString() });
    },

    /** Locks the user's row until the transaction ends (404 when there is no such user). */
    async lockUser(tx: Tx, userId: string): Promise<void> {
      const rows = await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
      if (rows.rows.length === 0) throw new AppError("not_found", 404, "User not found");
    },

    /** The user's lots that still hold credits and have not expired at `now`. */
    async heldLots(tx: Tx, userId: string, now: Date): Promise<LotState[]> {
      return heldLotsOf(tx, userId, now);
    },

    /** A new lot; null when its unique key (a payment's or a refund's) already has one. */
    async insertLot(tx: Tx, userId: string, input: GrantInput): Promise<{ lotId: string } | null> {
      const rows = await tx
        .insert(creditLots)
        .values({
          userId,
          source: input.source,
          amount: input.amount,
          remaining: input.amount,
          watermarked: input.watermarked,
          expiresAt: input.expiresAt ?? null,
          description: input.description ?? "",
          paymentId: input.paymentId ?? null,
          grantedBy: input.grantedBy ?? null,
          refundOfSpendId: input.refundOfSpendId ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: creditLots.id });
      return rows[0] ? { lotId: rows[0].id } : null;
    },

    /** A spend and what it takes from each lot. */
    async insertSpend(
      tx: Tx,
      userId: string,
      spend: { reason: SpendReason; amount: number; watermarked: boolean; description: string },
      allocations: readonly { lotId: string; amount: number }[],
    ): Promise<string> {
      const [row] = await tx
        .insert(creditSpends)
        .values({ userId, ...spend })
        .returning({ id: creditSpends.id });
      for (const a of allocations) {
        await tx
          .update(creditLots)
          .set({ remaining: sql`${creditLots.remaining} - ${a.amount}` })
          .where(eq(creditLots.id, a.lotId));
      }
      await tx
        .insert(creditSpendLots)
        .values(allocations.map((a) => ({ spendId: row!.id, lotId: a.lotId, amount: a.amount })));
      return row!.id;
    },

    /** A spend and the lots it took from (how watermarked, when they expire), or null. */
    async spendWithLots(tx: Tx, spendId: string) {
      const [spend] = await tx.select().from(creditSpends).where(eq(creditSpends.id, spendId));
      if (!spend) return null;
      const used = await tx
        .select({ watermarked: creditLots.watermarked, expiresAt: creditLots.expiresAt })
        .from(creditSpendLots)
        .innerJoin(creditLots, eq(creditLots.id, creditSpendLots.lotId))
        .where(eq(creditSpendLots.spendId, spendId));
      return { spend, used };
    },

    /** The lot an order granted: its owner, what it still holds, whether watermarked; or null. */
    async purchaseLot(tx: Tx, paymentId: string) {
      const [lot] = await tx
        .select({
          id: creditLots.id,
          userId: creditLots.userId,
          remaining: creditLots.remaining,
          watermarked: creditLots.watermarked,
        })
        .from(creditLots)
        .where(eq(creditLots.paymentId, paymentId));
      return lot ?? null;
    },

    /** A lot ends at `at` (a refunded purchase's plan with it). */
    async expireLot(tx: Tx, lotId: string, at: Date): Promise<void> {
      await tx.update(creditLots).set({ expiresAt: at }).where(eq(creditLots.id, lotId));
    },

    /** Unexpired lots that still hold credits and do expire, soonest first. */
    async expiringLots(userId: string, limit: number, now = new Date()) {
      return db
        .select({
          id: creditLots.id,
          source: creditLots.source,
          amount: creditLots.amount,
          remaining: creditLots.remaining,
          expiresAt: creditLots.expiresAt,
          description: creditLots.description,
        })
        .from(creditLots)
        .where(and(holdingLotsOf(userId), gt(creditLots.expiresAt, now)))
        .orderBy(asc(creditLots.expiresAt))
        .limit(limit);
    },

    async recentLots(userId: string, limit = 10) {
      return db
        .select()
        .from(creditLots)
        .where(eq(creditLots.userId, userId))
        .orderBy(desc(creditLots.createdAt))
        .limit(limit);
    },

    async summaries(userIds: string[], now = new Date()): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({
          userId: creditLots.userId,
          balance: sql<number>`coalesce(sum(${creditLots.remaining}), 0)::int`,
        })
        .from(creditLots)
        .where(and(inArray(creditLots.userId, userIds), unexpiredAt(now)))
        .groupBy(creditLots.userId);
      return new Map(rows.map((r) => [r.userId, Number(r.balance)]));
    },

    /**
     * "Subscribed" (docs/product/credits-and-plans.md): holds an unexpired lot bought with a plan.
     */
    async hasActivePlan(userId: string, now = new Date()): Promise<boolean> {
      const rows = await db
        .select({ id: creditLots.id })
        .from(creditLots)
        .where(
          and(
            eq(creditLots.userId, userId),
            eq(creditLots.source, "purchase"),
            gt(creditLots.expiresAt, now),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Whether a user exists (for callers that grant to an id taken from input). */
    async userExists(userId: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return rows.length > 0;
    },
  };
}
export type CreditsRepository = ReturnType<typeof createCreditsRepository>;
