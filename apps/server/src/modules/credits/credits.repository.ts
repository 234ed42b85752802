import { and, asc, desc, eq, gt, inArray, isNull, or, type SQLWrapper, sql } from "drizzle-orm";
import type { LOT_SOURCES, SPEND_REASONS } from "../../db/schema";
import { creditLots, creditSpendLots, creditSpends, users } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import { AppError } from "../../lib/errors";
import { type CreditSummaryValue, type LotState, planSpend, summarize } from "./credits.rules";

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

/**
 * The ledger (docs/product/credits-and-plans.md). Every change is a lot or a spend written in one
 * transaction; spends lock the user's row so concurrent spends of one user run one at a time.
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
      .where(
        and(
          eq(creditLots.userId, userId),
          gt(creditLots.remaining, 0),
          or(isNull(creditLots.expiresAt), gt(creditLots.expiresAt, now)),
        ),
      );

  async function heldLots(q: Database | Tx, userId: string, now: Date): Promise<LotState[]> {
    return heldLotsOf(q, userId, now);
  }

  /**
   * The held lots outside a transaction, as every signed-in page's /api/account/me reads them:
   * built once and prepared (a named statement on PostgreSQL), instead of building the query's
   * SQL per request (issue 33). `now` goes as the text the column's own mapping would send.
   */
  const heldLotsNow = heldLotsOf(db, sql.placeholder("userId"), sql.placeholder("now")).prepare(
    "credits_held_lots",
  );

  /** Run in the caller's transaction, or in a new one. */
  function inTx<T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return tx ? fn(tx) : db.transaction(fn);
  }

  async function lockUser(tx: Tx, userId: string): Promise<void> {
    const rows = await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
    if (rows.rows.length === 0) throw new AppError("not_found", 404, "User not found");
  }

  async function grant(
    userId: string,
    input: GrantInput,
    tx?: Tx,
  ): Promise<{ lotId: string } | null> {
    if (!Number.isInteger(input.amount) || input.amount <= 0) {
      throw new Error("A grant must be a positive whole number of credits");
    }
    return inTx(tx, async (t) => {
      await lockUser(t, userId);
      const rows = await t
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
    });
  }

  return {
    async summary(userId: string, now = new Date()): Promise<CreditSummaryValue> {
      return summarize(await heldLotsNow.execute({ userId, now: now.toISOString() }), now);
    },

    grant,

    /**
     * Locks the user's row in the caller's transaction (404 when there is no such user) and
     * reads the balance as it stands: nothing else can grant or spend until the transaction ends.
     */
    async lockedBalance(tx: Tx, userId: string, now = new Date()): Promise<number> {
      await lockUser(tx, userId);
      return summarize(await heldLots(tx, userId, now), now).balance;
    },

    /** Spend `amount` credits or throw insufficient_credits; nothing changes on failure. */
    async spend(
      userId: string,
      amount: number,
      reason: SpendReason,
      description = "",
      tx?: Tx,
    ): Promise<{ spendId: string; watermarked: boolean }> {
      return inTx(tx, async (t) => {
        await lockUser(t, userId);
        const now = new Date();
        const plan = planSpend(await heldLots(t, userId, now), amount, now);
        if (!plan) throw insufficientCredits();
        const [spend] = await t
          .insert(creditSpends)
          .values({ userId, reason, amount, watermarked: plan.watermarked, description })
          .returning({ id: creditSpends.id });
        for (const a of plan.allocations) {
          await t
            .update(creditLots)
            .set({ remaining: sql`${creditLots.remaining} - ${a.amount}` })
            .where(eq(creditLots.id, a.lotId));
        }
        await t
          .insert(creditSpendLots)
          .values(
            plan.allocations.map((a) => ({ spendId: spend!.id, lotId: a.lotId, amount: a.amount })),
          );
        return { spendId: spend!.id, watermarked: plan.watermarked };
      });
    },

    /**
     * Give a spend back as one refund lot, at most once. It is watermarked if any credit it
     * used was, and expires with the latest of them (never if any never expired).
     */
    async refund(spendId: string, tx?: Tx): Promise<{ lotId: string } | null> {
      return inTx(tx, async (t) => {
        const [spend] = await t.select().from(creditSpends).where(eq(creditSpends.id, spendId));
        if (!spend) return null;
        const used = await t
          .select({ watermarked: creditLots.watermarked, expiresAt: creditLots.expiresAt })
          .from(creditSpendLots)
          .innerJoin(creditLots, eq(creditLots.id, creditSpendLots.lotId))
          .where(eq(creditSpendLots.spendId, spendId));
        const neverExpires = used.some((u) => u.expiresAt === null);
        const latest = used.reduce<Date | null>(
          (m, u) => (u.expiresAt && (!m || u.expiresAt > m) ? u.expiresAt : m),
          null,
        );
        return grant(
          spend.userId,
          {
            source: "refund",
            amount: spend.amount,
            watermarked: used.some((u) => u.watermarked),
            expiresAt: neverExpires ? null : latest,
            description: `Refund: ${spend.description || spend.reason}`,
            refundOfSpendId: spendId,
          },
          t,
        );
      });
    },

    /**
     * Take back what is left of one lot (a refunded purchase): a spend of its remaining credits
     * with `reason`, in the caller's transaction. Returns how many credits were revoked.
     */
    async revokeLot(
      lotId: string,
      reason: SpendReason,
      description: string,
      tx?: Tx,
    ): Promise<number> {
      return inTx(tx, async (t) => {
        const [lot] = await t
          .select({ userId: creditLots.userId })
          .from(creditLots)
          .where(eq(creditLots.id, lotId));
        if (!lot) return 0;
        await lockUser(t, lot.userId);
        const [locked] = await t
          .select({ remaining: creditLots.remaining, watermarked: creditLots.watermarked })
          .from(creditLots)
          .where(eq(creditLots.id, lotId));
        const amount = locked?.remaining ?? 0;
        if (amount <= 0) return 0;
        const [spend] = await t
          .insert(creditSpends)
          .values({
            userId: lot.userId,
            reason,
            amount,
            watermarked: locked!.watermarked,
            description,
          })
          .returning({ id: creditSpends.id });
        await t.update(creditLots).set({ remaining: 0 }).where(eq(creditLots.id, lotId));
        await t.insert(creditSpendLots).values({ spendId: spend!.id, lotId, amount });
        return amount;
      });
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
        .where(
          and(
            eq(creditLots.userId, userId),
            gt(creditLots.remaining, 0),
            gt(creditLots.expiresAt, now),
          ),
        )
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
        .where(
          and(
            inArray(creditLots.userId, userIds),
            or(isNull(creditLots.expiresAt), gt(creditLots.expiresAt, now)),
          ),
        )
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
