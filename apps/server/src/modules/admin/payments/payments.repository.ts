import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { parseSort, type AdminPaymentsQuery } from "@rupa/shared";
import {
  creditLots,
  creditSpendLots,
  creditSpends,
  paymentNotifications,
  paymentStatusChecks,
  payments,
  users,
} from "../../../db/schema";
import type { Database } from "../../../infra/db/client";
import { anyContains } from "../../../infra/db/like-pattern";
import { countAll, readPage } from "../../../infra/db/page";
import { instantsOf } from "../stats.rules";
import { STATUSES_OF_STATE } from "./payments.rules";

export type AdminPaymentRow = typeof payments.$inferSelect & { email: string | null };

/**
 * What the admin Pembayaran section reads (ADR 043): members' orders with the buyer's e-mail,
 * and one order's notifications and credit lot. Orders change only through the payments
 * module's repository, in the services' transactions.
 */
export function createAdminPaymentsRepository(db: Database) {
  const columns = { payment: payments, email: users.email };
  const flat = (r: { payment: typeof payments.$inferSelect; email: string | null }) => ({
    ...r.payment,
    email: r.email,
  });

  return {
    async list(q: AdminPaymentsQuery): Promise<{ rows: AdminPaymentRow[]; total: number }> {
      const where: SQL[] = [];
      if (q.q) where.push(anyContains([payments.orderId, users.email], q.q));
      if (q.state) where.push(inArray(payments.status, [...STATUSES_OF_STATE[q.state]]));
      if (q.method) where.push(eq(payments.paymentType, q.method));
      if (q.from) where.push(gte(payments.createdAt, instantsOf(q.from, q.from).start));
      if (q.to) where.push(lt(payments.createdAt, instantsOf(q.to, q.to).end));
      const cond = and(...where);
      const { column, direction } = parseSort(q.sort);
      const col = { createdAt: payments.createdAt, amountIdr: payments.amountIdr }[column];
      const dir = direction === "asc" ? asc : desc;
      const { rows, total } = await readPage(
        q,
        db
          .select(columns)
          .from(payments)
          .leftJoin(users, eq(users.id, payments.userId))
          .where(cond)
          .orderBy(dir(col), dir(payments.id))
          .$dynamic(),
        db
          .select({ n: countAll })
          .from(payments)
          .leftJoin(users, eq(users.id, payments.userId))
          .where(cond),
      );
      return { rows: rows.map(flat), total };
    },

    async find(orderId: string): Promise<AdminPaymentRow | null> {
      const [row] = await db
        .select(columns)
        .from(payments)
        .leftJoin(users, eq(users.id, payments.userId))
        .where(eq(payments.orderId, orderId));
      return row ? flat(row) : null;
    },

    /** Every notification received for the order, oldest first (at most 200). */
    async notifications(orderId: string) {
      return db
        .select({
          id: paymentNotifications.id,
          createdAt: paymentNotifications.createdAt,
          transactionStatus: paymentNotifications.transactionStatus,
          signatureValid: paymentNotifications.signatureValid,
          outcome: paymentNotifications.outcome,
        })
        .from(paymentNotifications)
        .where(eq(paymentNotifications.orderId, orderId))
        .orderBy(asc(paymentNotifications.createdAt), asc(paymentNotifications.id))
        .limit(200);
    },

    /** Each ask of the gateway's status API about the order, oldest first (at most 200). */
    async statusChecks(paymentId: string) {
      return db
        .select()
        .from(paymentStatusChecks)
        .where(eq(paymentStatusChecks.paymentId, paymentId))
        .orderBy(asc(paymentStatusChecks.checkedAt), asc(paymentStatusChecks.id))
        .limit(200);
    },

    /** The credit lot the order granted, with the credits its refund took back. */
    async lot(paymentId: string) {
      const [lot] = await db
        .select({
          id: creditLots.id,
          amount: creditLots.amount,
          remaining: creditLots.remaining,
          expiresAt: creditLots.expiresAt,
        })
        .from(creditLots)
        .where(eq(creditLots.paymentId, paymentId));
      if (!lot) return null;
      const [revoked] = await db
        .select({ n: sql<number>`coalesce(sum(${creditSpendLots.amount}), 0)::int` })
        .from(creditSpendLots)
        .innerJoin(creditSpends, eq(creditSpends.id, creditSpendLots.spendId))
        .where(and(eq(creditSpendLots.lotId, lot.id), eq(creditSpends.reason, "payment_refund")));
      return { ...lot, revoked: Number(revoked?.n ?? 0) };
    },
  };
}
export type AdminPaymentsRepository = ReturnType<typeof createAdminPaymentsRepository>;
