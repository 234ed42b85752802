import { gte, sql } from "drizzle-orm";
import { paymentReconciliations } from "../../../db/schema";
import type { Database, Tx } from "../../../infra/db/client";
import type { OrderLedgerFacts } from "./reconciliation.rules";

export type ReconciliationRow = typeof paymentReconciliations.$inferSelect;

/** The reconciliation's reads (orders beside their ledger) and its stored results. */
export function createReconciliationRepository(db: Database) {
  return {
    /**
     * Every order created, paid or refunded since `since`, with its purchase lot and the credits
     * a refund took back from it (credit_spends `payment_refund` on that lot).
     */
    async ordersSince(since: Date): Promise<OrderLedgerFacts[]> {
      const r = await db.execute<{
        order_id: string;
        payment_type: string | null;
        status: string;
        amount_idr: number;
        credits: number;
        paid_at: string | Date | null;
        refunded_at: string | Date | null;
        created_at: string | Date;
        lot_amount: number | null;
        lot_remaining: number | null;
        revoked: number | string;
      }>(sql`
        SELECT p.order_id, p.payment_type, p.status, p.amount_idr, p.credits,
               p.paid_at, p.refunded_at, p.created_at,
               l.amount AS lot_amount, l.remaining AS lot_remaining,
               coalesce((
                 SELECT sum(sl.amount) FROM credit_spend_lots sl
                 JOIN credit_spends s ON s.id = sl.spend_id
                 WHERE sl.lot_id = l.id AND s.reason = 'payment_refund'
               ), 0)::int AS revoked
        FROM payments p
        LEFT JOIN credit_lots l ON l.payment_id = p.id
        WHERE p.created_at >= ${since} OR p.paid_at >= ${since} OR p.refunded_at >= ${since}`);
      const at = (v: string | Date | null) => (v === null ? null : new Date(v));
      return r.rows.map((row) => ({
        orderId: row.order_id,
        method: row.payment_type,
        status: row.status,
        amountIdr: Number(row.amount_idr),
        credits: Number(row.credits),
        paidAt: at(row.paid_at),
        refundedAt: at(row.refunded_at),
        createdAt: new Date(row.created_at),
        lotAmount: row.lot_amount === null ? null : Number(row.lot_amount),
        lotRemaining: row.lot_remaining === null ? null : Number(row.lot_remaining),
        revoked: Number(row.revoked),
      }));
    },

    /** Replaces the stored results of the days from `fromDay` on with `rows`. */
    async replaceFrom(tx: Tx, fromDay: string, rows: ReconciliationRow[]): Promise<void> {
      await tx.delete(paymentReconciliations).where(gte(paymentReconciliations.day, fromDay));
      if (rows.length) await tx.insert(paymentReconciliations).values(rows);
    },
  };
}
export type ReconciliationRepository = ReturnType<typeof createReconciliationRepository>;
