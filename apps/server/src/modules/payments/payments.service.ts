import { randomBytes } from "node:crypto";
import {
  type CreatePaymentResponse,
  type CreditLotView,
  type Order,
  type Plan,
  planListSchema,
  type PlansResponse,
  type Subscription,
  toLanguage,
} from "@rupa/shared";
import type { Transactor, Tx } from "../../infra/db/client";
import type { MailMessage } from "../../infra/mail/mailer";
import type { Metrics } from "../../infra/metrics/metrics";
import { receiptMail, refundMail } from "../../infra/mail/templates";
import type { PaymentGateway, PaymentGateways } from "../../infra/payments/gateway";
import {
  isPaid,
  MidtransError,
  type MidtransTransaction,
  notificationSchema,
  verifyNotificationSignature,
} from "../../infra/payments/midtrans";
import type { Clock } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { AccountRepository } from "../account/account.repository";
import type { CreditsService } from "../credits/credits.service";
import type { ReferralsService } from "../referrals/referrals.service";
import type { SecurityEventsRepository } from "../security/security-events.repository";
import type { SettingsRepository } from "../settings/settings.repository";
import type { ApplyOutcome, OrderWithLot, PaymentsRepository } from "./payments.repository";
import {
  CHECKOUT_EXPIRY_MINUTES,
  decide,
  decideUnanswered,
  invoiceLabel,
  orderState,
  packageName,
  paymentMethodLabel,
  type PaymentStatus,
  planViews,
  receiptPath,
  recheckAfterMs,
} from "./payments.rules";
import type { ReceiptView } from "./receipt-page";

export const paymentErrors = {
  unavailable: () =>
    new AppError("payments_unavailable", 503, "Payments are not configured on this server"),
  planNotFound: () => new AppError("plan_not_found", 404, "Plan not found"),
  gateway: () =>
    new AppError("payment_gateway_error", 502, "Could not start the payment. Please try again."),
};

/** A new order id: URL-safe, unique, and sortable by time ("RUPA-MFX3K2A1-7QZ0B9PL"). */
export function newOrderId(now: number): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const random = [...randomBytes(8)].map((b) => alphabet[b % 36]).join("");
  return `RUPA-${now.toString(36).toUpperCase()}-${random}`;
}

/** What the notification route answers: 200 with what happened, or an error status. */
export type NotificationResult =
  | { status: 200; outcome: string }
  | { status: 400 | 401 | 503; message: string };

/** The status API must answer quickly enough for the notification to answer within 5 s. */
const NOTIFICATION_STATUS_TIMEOUT_MS = 3500;
/** The buyer's page asks about a pending order at most this often. */
const BUYER_RECHECK_MS = 4000;

export function createPaymentsService(d: {
  db: Transactor;
  payments: PaymentsRepository;
  /** The buyer's referrer is paid at the buyer's first purchase, in the grant's transaction. */
  referrals: Pick<ReferralsService, "rewardFirstPurchase" | "rewardPaid">;
  credits: CreditsService;
  settings: SettingsRepository;
  accounts: AccountRepository;
  /** Counts refunds that came as the gateway's notification (docs/production.md, Metrics). */
  metrics?: Pick<Metrics, "refund">;
  security: Pick<SecurityEventsRepository, "record">;
  gateways: PaymentGateways;
  send: (mail: MailMessage) => Promise<void>;
  log: Logger;
  publicUrl: string;
  clock: Pick<Clock, "now">;
}) {
  const now = () => new Date(d.clock.now());

  async function plans(): Promise<Plan[]> {
    return planListSchema.parse(JSON.parse(await d.settings.get("subscription_plans")));
  }

  function view(o: OrderWithLot): Order {
    const status = o.status as PaymentStatus;
    const state = orderState(status);
    const payable =
      state === "pending" &&
      o.redirectUrl !== null &&
      (o.checkoutExpiresAt === null || o.checkoutExpiresAt > now());
    return {
      orderId: o.orderId,
      planId: o.planId,
      planName: o.planName,
      billingCycle: o.billingCycle as Order["billingCycle"],
      credits: o.credits,
      amountIdr: o.amountIdr,
      state,
      status,
      paymentType: o.paymentType,
      createdAt: o.createdAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
      expiresAt: o.lotExpiresAt?.toISOString() ?? null,
      creditsRemaining: o.lotRemaining,
      checkoutUrl: payable ? o.redirectUrl : null,
      simulated: o.gateway === "simulator",
      receiptUrl: o.invoiceNumber === null ? null : receiptPath(o.orderId),
    };
  }

  /** After a grant has committed: the receipt, best effort (the credits are already there). */
  async function sendReceipt(result: Extract<ApplyOutcome, { outcome: "granted" }>) {
    const o = result.order;
    try {
      const user = o.userId ? await d.accounts.findById(o.userId) : null;
      if (!user) return;
      const lang = toLanguage(user.preferredLanguage);
      await d.send(
        receiptMail(lang, user.email, {
          invoice:
            o.invoiceNumber === null ? o.orderId : invoiceLabel(o.invoiceNumber, o.paidAt ?? now()),
          orderId: o.orderId,
          packageName: packageName(o.planName, o.billingCycle),
          amountIdr: o.amountIdr,
          credits: o.credits,
          paidAt: o.paidAt ?? now(),
          expiresAt: result.expiresAt,
          paymentType: paymentMethodLabel(o.paymentType, lang),
          url: `${d.publicUrl}${receiptPath(o.orderId)}`,
        }),
      );
    } catch (err) {
      d.log.error({ err, orderId: o.orderId }, "payment receipt could not be sent");
    }
  }

  /** After a refund has committed: the member's notice, best effort (ADR 043). */
  async function sendRefundNotice(
    o: {
      /** Null: the buyer deleted their account (nobody to tell). */
      userId: string | null;
      orderId: string;
      planName: string;
      billingCycle: string;
      amountIdr: number;
    },
    revoked: number,
    manual: boolean,
  ) {
    try {
      const user = o.userId ? await d.accounts.findById(o.userId) : null;
      if (!user) return;
      await d.send(
        refundMail(toLanguage(user.preferredLanguage), user.email, {
          orderId: o.orderId,
          packageName: packageName(o.planName, o.billingCycle),
          amountIdr: o.amountIdr,
          creditsRevoked: revoked,
          manual,
          url: `${d.publicUrl}/credits`,
        }),
      );
    } catch (err) {
      d.log.error({ err, orderId: o.orderId }, "refund notice could not be sent");
    }
  }

  /**
   * Applies what the gateway confirmed to an order in one transaction: the order on its locked
   * row, its credit lot, and at a grant the buyer's referrer's reward (once per referral: a
   * second purchase finds the referral paid; docs/product/referrals.md). The reward is read
   * before the transaction opens (on PGlite a query beside an open transaction waits for it),
   * and only when a paid status can grant; rewards paused at 0 pay nothing.
   */
  async function apply(
    orderId: string,
    confirmed: MidtransTransaction | null,
  ): Promise<ApplyOutcome> {
    const referralReward =
      confirmed && isPaid(confirmed) ? await d.settings.getInt("referral_reward_credits") : 0;
    const { result, referralRewardPaid } = await d.db.transaction(async (tx) => {
      const result = await applyLocked(tx, orderId, confirmed, now());
      const buyer = result.outcome === "granted" ? result.order.userId : null;
      const referralRewardPaid =
        buyer && referralReward > 0
          ? await d.referrals.rewardFirstPurchase(tx, buyer, referralReward)
          : false;
      return { result, referralRewardPaid };
    });
    if (referralRewardPaid && result.outcome === "granted" && result.order.userId)
      await d.referrals.rewardPaid(result.order.userId, referralReward);
    return applied(result, referralRewardPaid);
  }

  /**
   * What the gateway confirmed (a transaction, or none yet) applied to the order on its locked
   * row, in `tx`: decided again on what the lock finds (payments.rules.ts), so concurrent
   * calls see each other's result; then the order, its credit lot or the lot's revocation.
   */
  async function applyLocked(
    tx: Tx,
    orderId: string,
    confirmed: MidtransTransaction | null,
    at: Date,
  ): Promise<ApplyOutcome> {
    const order = await d.payments.lockOrder(tx, orderId);
    if (!order) return { outcome: "ignored", reason: "unknown", order: null };
    const facts = { ...order, status: order.status as PaymentStatus };
    const decision = confirmed ? decide(facts, confirmed) : decideUnanswered(facts, at);
    const seen = confirmed
      ? {
          paymentType: confirmed.payment_type ?? order.paymentType,
          gatewayTransactionId: confirmed.transaction_id ?? order.gatewayTransactionId,
          fraudStatus: confirmed.fraud_status ?? order.fraudStatus,
        }
      : {};
    const update = (set: Parameters<PaymentsRepository["updateOrder"]>[2]) =>
      d.payments.updateOrder(tx, order.id, { ...seen, ...set, updatedAt: at });

    switch (decision.kind) {
      case "grant": {
        // The buyer deleted their account before the payment settled: nobody to credit (the
        // order stays, detached, as the record of the sale; docs/product/privacy.md).
        if (!order.userId) return { outcome: "ignored", reason: "buyer_deleted", order };
        const expiresAt = new Date(at.getTime() + order.validityDays * 86_400_000);
        const lot = await d.credits.grant(
          order.userId,
          {
            source: "purchase",
            amount: order.credits,
            watermarked: false,
            expiresAt,
            description: `${packageName(order.planName, order.billingCycle)} (${order.orderId})`,
            paymentId: order.id,
          },
          tx,
        );
        // The lot is unique per payment: a second grant finds it there and changes nothing.
        if (!lot) return { outcome: "ignored", reason: "already_granted", order };
        const paid = await update({
          status: decision.status,
          paidAt: at,
          creditedAt: at,
          invoiceNumber: await d.payments.nextInvoiceNumber(tx),
        });
        return { outcome: "granted", order: paid, lotId: lot.lotId, expiresAt };
      }
      case "end":
        return { outcome: "ended", order: await update({ status: decision.status }) };
      case "refund": {
        // Refunded at the gateway (its dashboard, or a chargeback) before any admin here did.
        const revoked = await d.credits.revokePurchase(
          order.id,
          `Refund of ${order.orderId}`,
          at,
          tx,
        );
        return {
          outcome: "refunded",
          order: await update({
            status: decision.status,
            refundedAt: at,
            refundSource: "notification",
          }),
          revoked,
        };
      }
      case "wait":
        return { outcome: "waiting", order: await update({}) };
      case "ignore":
        return { outcome: "ignored", reason: decision.reason, order };
    }
  }

  async function applied(result: ApplyOutcome, referralRewardPaid: boolean): Promise<ApplyOutcome> {
    if (result.outcome === "granted") {
      d.log.info(
        {
          orderId: result.order.orderId,
          credits: result.order.credits,
          referralRewardPaid,
        },
        "payment settled, credits granted",
      );
      await sendReceipt(result);
    } else if (result.outcome === "refunded") {
      d.metrics?.refund("notification");
      await sendRefundNotice(result.order, result.revoked, false);
    } else if (result.outcome === "ignored" && result.reason === "amount_mismatch") {
      await d.security.record({
        type: "suspicious_activity",
        severity: "warning",
        userId: result.order?.userId ?? null,
        details: { payment: result.order?.orderId, reason: "amount_mismatch" },
      });
    }
    return result;
  }

  /**
   * Asks the order's gateway what became of it and applies the answer. Gateway failures leave
   * the order as it is (the sweeper asks again).
   */
  async function reconcile(
    order: { id: string; orderId: string; gateway: string; createdAt: Date },
    trigger: "sweeper" | "buyer",
    opts: { timeoutMs?: number } = {},
  ): Promise<ApplyOutcome | null> {
    const gateway = await d.gateways.byKind(order.gateway as PaymentGateway["kind"]);
    if (!gateway) return null;
    // Each ask is kept for admin › Pembayaran's order sheet: what the gateway said, what changed.
    const record = (status: string | null, outcome: string) =>
      d.payments
        .recordCheck({ paymentId: order.id, trigger, status, outcome })
        .catch((err: unknown) =>
          d.log.warn({ err, orderId: order.orderId }, "payment status check not recorded"),
        );
    try {
      const confirmed = await gateway.client.transactionStatus(order.orderId, opts);
      const result = await apply(order.orderId, confirmed);
      await record(
        confirmed?.transaction_status ?? null,
        result.outcome === "ignored" ? `ignored:${result.reason}` : result.outcome,
      );
      return result;
    } catch (err) {
      if (!(err instanceof MidtransError)) throw err;
      d.log.warn(
        { orderId: order.orderId, kind: err.kind, status: err.status },
        "payment status check failed",
      );
      await record(null, `error:${err.kind}`);
      return null;
    }
  }

  return {
    plans,
    sendRefundNotice,

    async plansView(): Promise<PlansResponse> {
      const gateway = await d.gateways.active();
      return {
        plans: planViews(await plans()),
        checkout: { available: gateway !== null, simulated: gateway?.kind === "simulator" },
      };
    },

    async subscription(userId: string): Promise<Subscription> {
      const plan = await d.payments.activePlan(userId, now());
      if (!plan) {
        return {
          subscribed: false,
          tier: null,
          billingCycle: null,
          planName: null,
          creditsPerPeriod: null,
          nextCreditDate: null,
        };
      }
      const tier = plan.planId.split("_")[0] as Subscription["tier"];
      return {
        subscribed: true,
        tier,
        billingCycle: plan.billingCycle as Subscription["billingCycle"],
        planName: plan.planName,
        creditsPerPeriod: plan.credits,
        nextCreditDate: plan.expiresAt?.toISOString() ?? null,
      };
    },

    async expiring(userId: string, limit = 2): Promise<CreditLotView[]> {
      const lots = await d.credits.expiringLots(userId, limit, now());
      return lots.map((l) => ({ ...l, expiresAt: l.expiresAt!.toISOString() }));
    },

    async orders(userId: string, limit: number): Promise<Order[]> {
      return (await d.payments.listForUser(userId, limit)).map(view);
    },

    /** One of the user's orders; a pending one is first re-checked with the gateway. */
    async order(userId: string, orderId: string): Promise<Order | null> {
      const found = await d.payments.findForUser(userId, orderId);
      if (!found) return null;
      if (found.status !== "pending") return view(found);
      const at = now();
      if (await d.payments.claimCheck(found.id, at, new Date(at.getTime() - BUYER_RECHECK_MS))) {
        await reconcile(found, "buyer", { timeoutMs: NOTIFICATION_STATUS_TIMEOUT_MS });
      }
      return view((await d.payments.findForUser(userId, orderId))!);
    },

    /**
     * A paid order's receipt for its buyer or an admin, in the buyer's language; null for an
     * order that is unknown, someone else's, or was never paid (docs/product/credits-and-plans.md,
     * Receipts).
     */
    async receipt(
      viewer: { userId: string; isAdmin: boolean },
      orderId: string,
    ): Promise<ReceiptView | null> {
      const order = await d.payments.findByOrderId(orderId);
      if (!order || order.invoiceNumber === null || !order.paidAt) return null;
      if (order.userId !== viewer.userId && !viewer.isAdmin) return null;
      const [buyer, sellerName, address, taxId, email] = await Promise.all([
        order.userId ? d.accounts.findById(order.userId) : Promise.resolve(null),
        d.settings.get("business_name"),
        d.settings.get("business_address"),
        d.settings.get("business_tax_id"),
        d.settings.get("business_email"),
      ]);
      const lang = toLanguage(buyer?.preferredLanguage);
      return {
        lang,
        invoice: invoiceLabel(order.invoiceNumber, order.paidAt),
        orderId: order.orderId,
        paidAt: order.paidAt,
        refundedAt: order.refundedAt,
        buyer: { name: buyer?.fullName || buyer?.email || "-", email: buyer?.email ?? "-" },
        packageName: packageName(order.planName, order.billingCycle),
        credits: order.credits,
        validityDays: order.validityDays,
        amountIdr: order.amountIdr,
        method: paymentMethodLabel(order.paymentType, lang),
        seller: { name: sellerName, address, taxId, email },
      };
    },

    /**
     * Starts buying a plan: the price comes from the plan list, never from the buyer. A payable
     * order for the same plan is reopened, so a refresh does not lose a QR code or a virtual
     * account number. The gateway's finish redirect returns the buyer to `/credits` on `origin`,
     * the origin they bought on (PUBLIC_URL when it is set; ADR 035), with `?order_id=`.
     */
    async create(
      userId: string,
      planId: string,
      origin: string = d.publicUrl,
    ): Promise<CreatePaymentResponse> {
      const gateway = await d.gateways.active();
      if (!gateway) throw paymentErrors.unavailable();
      const plan = (await plans()).find((p) => p.id === planId);
      if (!plan) throw paymentErrors.planNotFound();
      const at = now();
      // Reopen only when the checkout stays open long enough to finish paying.
      const open = await d.payments.payableFor(
        userId,
        planId,
        gateway.kind,
        new Date(at.getTime() + 10 * 60e3),
      );
      if (open?.redirectUrl) {
        return {
          success: true,
          redirect_url: open.redirectUrl,
          orderId: open.orderId,
          reused: true,
        };
      }
      const user = await d.accounts.findById(userId);
      if (!user) throw new AppError("unauthorized", 401, "Please sign in first");
      const order = await d.payments.create({
        orderId: newOrderId(at.getTime()),
        userId,
        planId: plan.id,
        planName: plan.name,
        billingCycle: plan.billingCycle,
        credits: plan.credits,
        validityDays: plan.validityDays,
        amountIdr: plan.priceIdr,
        gateway: gateway.kind,
        checkoutExpiresAt: new Date(at.getTime() + CHECKOUT_EXPIRY_MINUTES * 60e3),
      });
      try {
        const checkout = await gateway.client.createSnapTransaction({
          orderId: order.orderId,
          grossAmount: plan.priceIdr,
          item: {
            id: plan.id,
            name: packageName(plan.name, plan.billingCycle).slice(0, 50),
            price: plan.priceIdr,
          },
          customer: {
            firstName: (user.fullName || user.email.split("@")[0] || "Rupa").slice(0, 255),
            email: user.email,
            phone: user.phone,
          },
          expiryMinutes: CHECKOUT_EXPIRY_MINUTES,
          finishUrl: `${origin}/credits`,
        });
        await d.payments.setCheckout(order.id, checkout.token, checkout.redirectUrl);
        return {
          success: true,
          redirect_url: checkout.redirectUrl,
          orderId: order.orderId,
          reused: false,
        };
      } catch (err) {
        if (!(err instanceof MidtransError)) throw err;
        d.log.error(
          { orderId: order.orderId, kind: err.kind, status: err.status, messages: err.messages },
          "checkout could not be created",
        );
        // A refused request can never be paid; an unanswered one is left for the sweeper, which
        // expires it when the gateway never heard of it.
        if (err.kind !== "unavailable") await d.payments.markFailed(order.id);
        throw paymentErrors.gateway();
      }
    },

    /**
     * A gateway notification: stored, verified by its signature (constant time), then confirmed
     * with the status API, whose answer (not the notification's) decides.
     */
    async notify(raw: string, ip: string): Promise<NotificationResult> {
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
      const payload =
        body && typeof body === "object" && !Array.isArray(body)
          ? (body as Record<string, unknown>)
          : { unparsed: raw.slice(0, 2000) };
      const parsed = notificationSchema.safeParse(body);
      const orderId = typeof payload.order_id === "string" ? payload.order_id.slice(0, 200) : "";
      if (!parsed.success) {
        const id = await d.payments.recordNotification({
          orderId,
          paymentId: null,
          signatureValid: false,
          transactionStatus: null,
          payload,
        });
        await d.payments.setNotificationOutcome(id, "ignored:not_a_notification");
        return { status: 400, message: "Not a payment notification" };
      }
      const n = parsed.data;
      const order = await d.payments.findByOrderId(n.order_id);
      const gateway = order
        ? await d.gateways.byKind(order.gateway as PaymentGateway["kind"])
        : await d.gateways.active();
      const valid = gateway !== null && verifyNotificationSignature(n, gateway.serverKey);
      const notificationId = await d.payments.recordNotification({
        orderId: n.order_id,
        paymentId: order?.id ?? null,
        signatureValid: valid,
        transactionStatus: n.transaction_status,
        payload,
      });
      if (!valid) {
        await d.security.record({
          type: "api_abuse",
          severity: "warning",
          from: { ip },
          details: { webhook: "midtrans", reason: "bad_signature", order: n.order_id },
        });
        await d.payments.setNotificationOutcome(notificationId, "ignored:bad_signature");
        return { status: 401, message: "Invalid signature" };
      }
      if (!order) {
        await d.payments.setNotificationOutcome(notificationId, "ignored:unknown_order");
        return { status: 200, outcome: "unknown_order" };
      }
      let confirmed;
      try {
        confirmed = await gateway.client.transactionStatus(n.order_id, {
          timeoutMs: NOTIFICATION_STATUS_TIMEOUT_MS,
        });
      } catch (err) {
        if (!(err instanceof MidtransError)) throw err;
        d.log.warn({ orderId: n.order_id, kind: err.kind }, "notification not confirmed yet");
        // Midtrans sends the notification again; the sweeper also asks later.
        await d.payments.setNotificationOutcome(notificationId, "unconfirmed");
        return { status: 503, message: "The payment status could not be confirmed yet" };
      }
      const result = await apply(n.order_id, confirmed);
      const outcome = result.outcome === "ignored" ? `ignored:${result.reason}` : result.outcome;
      await d.payments.setNotificationOutcome(notificationId, outcome);
      return { status: 200, outcome };
    },

    /**
     * The sweeper: asks the gateway about pending orders whose notification has not come (Snap
     * sends none when a checkout expires unused) and expires orders nobody paid.
     */
    async sweep(limit = 50): Promise<{ checked: number; changed: number }> {
      const at = now();
      const due = await d.payments.unsettled(new Date(at.getTime() - 60e3), limit);
      let checked = 0;
      let changed = 0;
      for (const order of due) {
        const notBefore = new Date(at.getTime() - recheckAfterMs(order.createdAt, at));
        if (!(await d.payments.claimCheck(order.id, at, notBefore))) continue;
        checked++;
        const result = await reconcile(order, "sweeper");
        if (result && result.outcome !== "waiting" && result.outcome !== "ignored") changed++;
      }
      return { checked, changed };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
