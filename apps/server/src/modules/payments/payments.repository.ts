import { and, desc, eq, gt, isNotNull, lt, or, isNull, sql } from "drizzle-orm";
import { creditLots, paymentNotifications, payments, paymentStatusChecks } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import type { GatewayKind } from "../../infra/payments/gateway";

export type PaymentRow = typeof payments.$inferSelect;

export interface NewOrder {
  orderId: string;
  userId: string;
  planId: string;
  planName: string;
  billingCycle: "monthly" | "yearly";
  credits: number;
  validityDays: number;
  amountIdr: number;
  gateway: GatewayKind;
  checkoutExpiresAt: Date;
}

/** An order with what its credit lot says now (expiry, credits left), for its buyer. */
export interface OrderWithLot extends PaymentRow {
  lotExpiresAt: Date | null;
  lotRemaining: number | null;
}

export type ApplyOutcome =
  | { outcome: "granted"; order: PaymentRow; lotId: string; expiresAt: Date }
  | { outcome: "ended" | "waiting"; order: PaymentRow }
  /** `revoked`: the credits of the order's lot taken back. */
  | { outcome: "refunded"; order: PaymentRow; revoked: number }
  | { outcome: "ignored"; reason: string; order: PaymentRow | null };

const lotColumns = {
  lotExpiresAt: creditLots.expiresAt,
  lotRemaining: creditLots.remaining,
};

/**
 * Orders and notifications (docs/product/credits-and-plans.md, ADR 016). An order's
 * status changes only in the payments service's `apply`, which locks the order row here and
 * writes the order in its transaction (the lot is also unique per payment).
 */
export function createPaymentsRepository(db: Database) {
  function withLot() {
    return db
      .select({ payment: payments, ...lotColumns })
      .from(payments)
      .leftJoin(creditLots, eq(creditLots.paymentId, payments.id));
  }
  const flatten = (r: {
    payment: PaymentRow;
    lotExpiresAt: Date | null;
    lotRemaining: number | null;
  }): OrderWithLot => ({
    ...r.payment,
    lotExpiresAt: r.lotExpiresAt,
    lotRemaining: r.lotRemaining,
  });

  return {
    async create(order: NewOrder): Promise<PaymentRow> {
      const [row] = await db
        .insert(payments)
        .values({ ...order, status: "pending" })
        .returning();
      return row!;
    },

    async setCheckout(id: string, snapToken: string, redirectUrl: string): Promise<void> {
      await db
        .update(payments)
        .set({ snapToken, redirectUrl, updatedAt: sql`now()` })
        .where(eq(payments.id, id));
    },

    /** An order whose checkout the gateway refused: it can never be paid. */
    async markFailed(id: string): Promise<void> {
      await db
        .update(payments)
        .set({ status: "failure", updatedAt: sql`now()` })
        .where(and(eq(payments.id, id), eq(payments.status, "pending")));
    },

    async findByOrderId(orderId: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
      return row ?? null;
    },

    /** One of the user's orders (another user's order is "not found"). */
    async findForUser(userId: string, orderId: string): Promise<OrderWithLot | null> {
      const [row] = await withLot().where(
        and(eq(payments.orderId, orderId), eq(payments.userId, userId)),
      );
      return row ? flatten(row) : null;
    },

    async listForUser(userId: string, limit: number): Promise<OrderWithLot[]> {
      const rows = await withLot()
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt))
        .limit(limit);
      return rows.map(flatten);
    },

    /** The user's order for this plan that can still be paid on its checkout page, if any. */
    async payableFor(
      userId: string,
      planId: string,
      gateway: GatewayKind,
      until: Date,
    ): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.planId, planId),
            eq(payments.gateway, gateway),
            eq(payments.status, "pending"),
            isNotNull(payments.redirectUrl),
            gt(payments.checkoutExpiresAt, until),
          ),
        )
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Pending orders created before `createdBefore`, least recently checked first. */
    async unsettled(createdBefore: Date, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.status, "pending"), lt(payments.createdAt, createdBefore)))
        .orderBy(sql`${payments.lastCheckedAt} ASC NULLS FIRST`, payments.createdAt)
        .limit(limit);
    },

    /** Claims the right to ask the gateway about an order now (false: asked too recently). */
    async claimCheck(id: string, now: Date, notBefore: Date): Promise<boolean> {
      const rows = await db
        .update(payments)
        .set({ lastCheckedAt: now })
        .where(
          and(
            eq(payments.id, id),
            or(isNull(payments.lastCheckedAt), lt(payments.lastCheckedAt, notBefore)),
          ),
        )
        .returning({ id: payments.id });
      return rows.length > 0;
    },

    async recordNotification(n: {
      orderId: string;
      paymentId: string | null;
      signatureValid: boolean;
      transactionStatus: string | null;
      payload: Record<string, unknown>;
    }): Promise<string> {
      const [row] = await db
        .insert(paymentNotifications)
        .values(n)
        .returning({ id: paymentNotifications.id });
      return row!.id;
    },

    /** What a stored notification changed (ADR 043: the admin's order detail shows it). */
    async setNotificationOutcome(id: string, outcome: string): Promise<void> {
      await db
        .update(paymentNotifications)
        .set({ outcome: outcome.slice(0, 100) })
        .where(eq(paymentNotifications.id, id));
    },

    async notificationCount(orderId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(paymentNotifications)
        .where(eq(paymentNotifications.orderId, orderId));
      return Number(row?.n ?? 0);
    },

    /** One ask of the gateway's status API about an order, and what it changed. */
    async recordCheck(check: {
      paymentId: string;
      trigger: "sweeper" | "buyer";
      status: string | null;
      outcome: string;
    }): Promise<void> {
      await db.insert(paymentStatusChecks).values(check);
    },

    /** The order on its row lock (until the transaction ends), or null. */
    async lockOrder(tx: Tx, orderId: string): Promise<PaymentRow | null> {
      const [order] = await tx
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .for("update");
      return order ?? null;
    },

    /**
     * The next receipt number, in the transaction that marks the order paid. A sequence never
     * gives a number twice (concurrent payments included); a rolled-back payment leaves a gap.
     */
    async nextInvoiceNumber(tx: Tx): Promise<number> {
      const r = await tx.execute<{ n: string | number }>(
        sql`SELECT nextval('invoice_numbers')::int AS n`,
      );
      return Number(r.rows[0]!.n);
    },

    async updateOrder(
      tx: Tx,
      id: string,
      set: Partial<typeof payments.$inferInsert>,
    ): Promise<PaymentRow> {
      const [row] = await tx.update(payments).set(set).where(eq(payments.id, id)).returning();
      return row!;
    },

    /**
     * The member's current plan: the unexpired purchase lot that lasts longest, with its order.
     */
    async activePlan(userId: string, now: Date) {
      const [row] = await db
        .select({
          planId: payments.planId,
          planName: payments.planName,
          billingCycle: payments.billingCycle,
          credits: payments.credits,
          expiresAt: creditLots.expiresAt,
        })
        .from(creditLots)
        .innerJoin(payments, eq(payments.id, creditLots.paymentId))
        .where(
          and(
            eq(creditLots.userId, userId),
            eq(creditLots.source, "purchase"),
            gt(creditLots.expiresAt, now),
          ),
        )
        .orderBy(desc(creditLots.expiresAt))
        .limit(1);
      return row ?? null;
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
