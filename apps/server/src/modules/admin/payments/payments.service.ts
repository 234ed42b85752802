import type {
  AdminPayment,
  AdminPaymentDetail,
  AdminPaymentsPage,
  AdminPaymentsQuery,
  RefundSource,
} from "@rupa/shared";
import type { Transactor } from "../../../infra/db/client";
import type { PaymentGateway, PaymentGateways } from "../../../infra/payments/gateway";
import { MidtransError } from "../../../infra/payments/midtrans";
import type { Metrics } from "../../../infra/metrics/metrics";
import type { Clock } from "../../../lib/clock";
import { AppError, errors } from "../../../lib/errors";
import type { Logger } from "../../../lib/logger";
import type { AuditActor, AuditRepository } from "../../audit/audit.repository";
import type { CreditsService } from "../../credits/credits.service";
import type { PaymentsRepository } from "../../payments/payments.repository";
import { orderState, type PaymentStatus, receiptPath } from "../../payments/payments.rules";
import type { PaymentsService } from "../../payments/payments.service";
import type { AdminPaymentRow, AdminPaymentsRepository } from "./payments.repository";
import { planRefund, refundBlocker, refundKey } from "./payments.rules";

export const adminPaymentErrors = {
  notFound: () => errors.notFound("Order not found"),
  notPaid: () =>
    new AppError("payment_not_paid", 409, "Only a paid order can be refunded; this one is not"),
  alreadyRefunded: () =>
    new AppError("payment_already_refunded", 409, "This order has already been refunded"),
  needsManual: (blocker: string) =>
    new AppError(
      "refund_needs_manual",
      409,
      blocker === "window_passed"
        ? "The gateway's refund window for this method has passed: refund outside Midtrans and record it"
        : "The gateway cannot refund this method: refund outside Midtrans and record it",
    ),
  gateway: (detail: string) =>
    new AppError(
      "refund_gateway_error",
      502,
      `The payment gateway did not refund the order${detail ? `: ${detail}` : ""}. It is still paid.`,
    ),
};

function toAdminPayment(r: AdminPaymentRow): AdminPayment {
  const status = r.status as PaymentStatus;
  return {
    id: r.id,
    orderId: r.orderId,
    userId: r.userId,
    email: r.email,
    planName: r.planName,
    billingCycle: r.billingCycle,
    credits: r.credits,
    amountIdr: r.amountIdr,
    method: r.paymentType,
    gateway: r.gateway as AdminPayment["gateway"],
    state: orderState(status),
    status,
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    refundedAt: r.refundedAt?.toISOString() ?? null,
    receiptUrl: r.invoiceNumber === null ? null : receiptPath(r.orderId),
  };
}

/**
 * The admin Pembayaran section (ADR 043): members' orders, one order's story, and its refund.
 * A refund asks the order's gateway first (outside any transaction: a slow gateway must not hold
 * a row lock), with a refund_key derived from the order so a retry is never a second refund;
 * then, in one transaction on the locked order, revokes what is left of the order's credits,
 * marks it refunded and writes the audit row. The member's notice follows the commit.
 */
export function createAdminPaymentsService(d: {
  db: Transactor;
  repo: AdminPaymentsRepository;
  orders: Pick<PaymentsRepository, "lockOrder" | "updateOrder">;
  credits: Pick<CreditsService, "revokePurchase">;
  audit: Pick<AuditRepository, "write" | "list">;
  gateways: Pick<PaymentGateways, "byKind">;
  notice: PaymentsService["sendRefundNotice"];
  log: Pick<Logger, "info" | "warn">;
  clock: Pick<Clock, "now">;
  /** Counts each refund by how it was made (docs/production.md, Metrics). */
  metrics?: Pick<Metrics, "refund">;
}) {
  const now = () => new Date(d.clock.now());

  async function detail(orderId: string): Promise<AdminPaymentDetail> {
    const row = await d.repo.find(orderId);
    if (!row) throw adminPaymentErrors.notFound();
    const [notifications, checks, lot, audit] = await Promise.all([
      d.repo.notifications(orderId),
      d.repo.statusChecks(row.id),
      d.repo.lot(row.id),
      d.audit.list({
        page: 1,
        pageSize: 100,
        sort: "createdAt.desc",
        q: "",
        entityType: "payment",
        entityId: orderId,
      }),
    ]);
    const payment = toAdminPayment(row);
    const { blocker, windowEndsAt } = refundBlocker(
      { method: row.paymentType, paidAt: row.paidAt },
      now(),
    );
    return {
      payment,
      lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
      notifications: notifications.map((n) => ({
        id: n.id,
        receivedAt: n.createdAt.toISOString(),
        transactionStatus: n.transactionStatus,
        signatureValid: n.signatureValid,
        outcome: n.outcome,
      })),
      checks: checks.map((c) => ({
        id: c.id,
        checkedAt: c.checkedAt.toISOString(),
        trigger: c.trigger,
        transactionStatus: c.status,
        outcome: c.outcome,
      })),
      lot: lot
        ? {
            id: lot.id,
            amount: lot.amount,
            remaining: lot.remaining,
            expiresAt: lot.expiresAt?.toISOString() ?? null,
          }
        : null,
      refund: {
        possible: payment.state === "paid",
        blocker,
        windowEndsAt: windowEndsAt?.toISOString() ?? null,
        source: (row.refundSource as RefundSource | null) ?? null,
        reason: row.refundReason,
        creditsRevoked: payment.state === "refunded" && lot ? lot.revoked : null,
      },
      audit: audit.items,
    };
  }

  return {
    async list(q: AdminPaymentsQuery): Promise<AdminPaymentsPage> {
      const { rows, total } = await d.repo.list(q);
      return { items: rows.map(toAdminPayment), total, page: q.page, pageSize: q.pageSize };
    },

    detail,

    /**
     * Refunds a paid order in full: through its gateway, or (`manual`) recorded as refunded
     * outside it. Unknown 404; not paid, already refunded, or a method the gateway cannot
     * refund without `manual` 409; a gateway failure 502 with the order still paid.
     */
    async refund(
      actor: AuditActor,
      orderId: string,
      input: { reason: string; manual: boolean },
    ): Promise<AdminPaymentDetail> {
      const found = await d.repo.find(orderId);
      if (!found) throw adminPaymentErrors.notFound();
      const facts = {
        state: orderState(found.status as PaymentStatus),
        method: found.paymentType,
        paidAt: found.paidAt,
      };
      const plan = planRefund(facts, input.manual, now());
      if (!plan.ok) {
        if (plan.why === "already_refunded") throw adminPaymentErrors.alreadyRefunded();
        if (plan.why === "not_paid") throw adminPaymentErrors.notPaid();
        throw adminPaymentErrors.needsManual(plan.blocker ?? "method_not_refundable");
      }

      if (plan.via === "gateway") {
        const gateway = await d.gateways.byKind(found.gateway as PaymentGateway["kind"]);
        if (!gateway) throw adminPaymentErrors.gateway("the order's gateway is not configured");
        try {
          await gateway.client.refund(orderId, {
            refundKey: refundKey(orderId),
            amount: found.amountIdr,
            reason: input.reason,
          });
        } catch (err) {
          if (!(err instanceof MidtransError)) throw err;
          d.log.warn(
            { orderId, kind: err.kind, status: err.status, messages: err.messages },
            "refund refused by the gateway",
          );
          throw adminPaymentErrors.gateway(
            [String(err.status || ""), ...err.messages].filter(Boolean).join(" ") || err.kind,
          );
        }
      }

      const at = now();
      const source: RefundSource = plan.via;
      const result = await d.db.transaction(async (tx) => {
        const order = await d.orders.lockOrder(tx, orderId);
        if (!order) throw adminPaymentErrors.notFound();
        const state = orderState(order.status as PaymentStatus);
        // The gateway's refund notification may have been applied while we asked it: the refund
        // is this admin's, so it is recorded as theirs (the credits were revoked then, once).
        const echo =
          state === "refunded" &&
          source === "gateway" &&
          order.refundSource === "notification" &&
          order.refundedBy === null;
        if (state === "refunded" && !echo) throw adminPaymentErrors.alreadyRefunded();
        if (state !== "paid" && !echo) throw adminPaymentErrors.notPaid();
        const revoked = echo
          ? 0
          : await d.credits.revokePurchase(
              order.id,
              `Refund of ${order.orderId}: ${input.reason}`.slice(0, 500),
              at,
              tx,
            );
        await d.orders.updateOrder(tx, order.id, {
          status: echo ? order.status : "refund",
          refundedAt: order.refundedAt ?? at,
          refundSource: source,
          refundReason: input.reason,
          refundedBy: actor.userId,
          updatedAt: at,
        });
        await d.audit.write(tx, {
          actor,
          action: source === "manual" ? "payment.refunded_manually" : "payment.refunded",
          entityType: "payment",
          entityId: order.orderId,
          before: { status: order.status },
          after: {
            status: "refund",
            reason: input.reason,
            via: source,
            amountIdr: order.amountIdr,
            creditsRevoked: revoked,
          },
        });
        return { order, revoked, echo };
      });
      d.log.info({ orderId, via: source, revoked: result.revoked }, "order refunded by an admin");
      if (!result.echo) d.metrics?.refund(source);
      // The notification already told the member when it was the echo of this refund.
      if (!result.echo) await d.notice(result.order, result.revoked, source === "manual");
      return detail(orderId);
    },
  };
}
export type AdminPaymentsService = ReturnType<typeof createAdminPaymentsService>;
