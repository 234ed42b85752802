import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { notificationSignature } from "../../infra/payments/midtrans";
import type { SimulatorRepository, SimulatorTransaction } from "./simulator.repository";

/**
 * The payment simulator: a small Midtrans of our own for machines without Midtrans keys. Its Snap
 * endpoint takes orders, its checkout page lets the buyer pay, fail or let the order expire, its
 * status endpoint answers in Midtrans' shape, and every change reaches Rupa only as a signed
 * notification on the real notification route. It hands out credits for free, so it answers only
 * where it is allowed (see infra/payments/gateway.ts).
 */

export const SIMULATOR_METHODS = {
  other_qris: { label: "QRIS", paymentType: "qris", group: "qr" },
  gopay: { label: "GoPay", paymentType: "gopay", group: "wallet" },
  shopeepay: { label: "ShopeePay", paymentType: "shopeepay", group: "wallet" },
  bca_va: { label: "BCA Virtual Account", paymentType: "bank_transfer", group: "va", bank: "bca" },
  bni_va: { label: "BNI Virtual Account", paymentType: "bank_transfer", group: "va", bank: "bni" },
  bri_va: { label: "BRI Virtual Account", paymentType: "bank_transfer", group: "va", bank: "bri" },
  echannel: { label: "Mandiri Bill Payment", paymentType: "echannel", group: "bill" },
  permata_va: {
    label: "Permata Virtual Account",
    paymentType: "bank_transfer",
    group: "va",
    bank: "permata",
  },
  indomaret: { label: "Indomaret", paymentType: "cstore", group: "store", store: "indomaret" },
  alfamart: { label: "Alfamart", paymentType: "cstore", group: "store", store: "alfamart" },
} as const;
export type SimulatorMethod = keyof typeof SIMULATOR_METHODS;
export const simulatorMethodSchema = z.enum(
  Object.keys(SIMULATOR_METHODS) as [SimulatorMethod, ...SimulatorMethod[]],
);
export const SIMULATOR_ACTIONS = ["choose", "pay", "fail", "expire"] as const;
export type SimulatorAction = (typeof SIMULATOR_ACTIONS)[number];

/** Snap's request body, as far as the simulator reads it. */
export const snapRequestSchema = z.object({
  transaction_details: z.object({
    order_id: z.string().regex(/^[A-Za-z0-9\-_.~]{1,50}$/),
    gross_amount: z.number().int().positive(),
  }),
  item_details: z.array(z.object({ name: z.string().min(1).max(50) })).min(1),
  customer_details: z.object({ email: z.string().min(3) }),
  expiry: z.object({ unit: z.literal("minutes"), duration: z.number().int().positive() }),
  callbacks: z.object({ finish: z.url() }),
});

export type { SimulatorTransaction };

/** Midtrans' status codes by transaction status. */
const STATUS_CODES: Record<string, string> = {
  settlement: "200",
  capture: "200",
  cancel: "200",
  refund: "200",
  pending: "201",
  deny: "202",
  failure: "202",
  expire: "407",
};

/** Digits derived from the order, so a page shows the same number on every visit. */
function digits(orderId: string, salt: string, n: number): string {
  const hash = createHash("sha256").update(`${salt}:${orderId}`).digest();
  return [...hash]
    .slice(0, n)
    .map((b) => String(b % 10))
    .join("");
}

/** What the buyer would use to pay with a method: a VA number, a bill key, a store code. */
export function paymentDetails(orderId: string, method: SimulatorMethod) {
  const m = SIMULATOR_METHODS[method];
  switch (m.group) {
    case "va":
      return {
        vaNumber: `${digits(orderId, m.bank, 4)}${digits(orderId, "va", 12)}`,
        bank: m.bank,
      };
    case "bill":
      return { billerCode: "70012", billKey: digits(orderId, "echannel", 12) };
    case "store":
      return { paymentCode: digits(orderId, m.store, 14), store: m.store };
    default:
      return {};
  }
}

export function createSimulatorService(d: {
  repo: SimulatorRepository;
  serverKey: string;
  publicUrl: string;
  /** Posts a notification to Rupa's notification route (in-process). */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  now?: () => Date;
}) {
  const now = d.now ?? (() => new Date());
  const expectedAuth = `Basic ${Buffer.from(`${d.serverKey}:`).toString("base64")}`;

  /** A transaction as the status API and notifications describe it (after lazy expiry). */
  function describe(t: SimulatorTransaction) {
    const status = t.status ?? "pending";
    const method = (Object.keys(SIMULATOR_METHODS) as SimulatorMethod[]).find(
      (k) => SIMULATOR_METHODS[k].paymentType === t.paymentType,
    );
    const body: Record<string, unknown> = {
      status_code: STATUS_CODES[status] ?? "200",
      status_message: "Success, transaction is found",
      transaction_id: t.transactionId,
      order_id: t.orderId,
      merchant_id: "SIMULATOR",
      gross_amount: `${t.grossAmount}.00`,
      currency: "IDR",
      payment_type: t.paymentType ?? "qris",
      transaction_time: t.createdAt.toISOString().replace("T", " ").slice(0, 19),
      transaction_status: status,
      fraud_status: "accept",
    };
    if (status === "settlement") {
      body.settlement_time = t.updatedAt.toISOString().replace("T", " ").slice(0, 19);
    }
    if (method) Object.assign(body, paymentDetails(t.orderId, method));
    body.signature_key = notificationSignature(
      {
        order_id: t.orderId,
        status_code: String(body.status_code),
        gross_amount: String(body.gross_amount),
      },
      d.serverKey,
    );
    return body;
  }

  /**
   * The simulator's checkout page is part of Rupa, on the origin the buyer bought on: the one of
   * the finish URL Rupa gave it (ADR 035), so the buyer stays on one origin and one session.
   */
  function checkoutUrl(finish: string, orderId: string, query = ""): string {
    let origin = d.publicUrl;
    try {
      origin = new URL(finish).origin;
    } catch {
      // not a URL: PUBLIC_URL
    }
    return `${origin}/pay/${encodeURIComponent(orderId)}${query}`;
  }

  /** Where the buyer goes back to Rupa from the checkout, as Midtrans' finish redirect says it. */
  function finishUrl(t: SimulatorTransaction): string {
    const url = new URL(t.finishUrl);
    url.searchParams.set("order_id", t.orderId);
    const status = t.status ?? "pending";
    url.searchParams.set("status_code", STATUS_CODES[status] ?? "201");
    url.searchParams.set("transaction_status", status);
    return url.toString();
  }

  /** A pending transaction whose checkout closed becomes expired when anyone looks at it. */
  async function current(orderId: string): Promise<SimulatorTransaction | null> {
    const t = await d.repo.find(orderId);
    if (t && t.status === "pending" && t.expiresAt <= now()) {
      return (
        (await d.repo.transition(orderId, { status: "expire" }, now())) ?? d.repo.find(orderId)
      );
    }
    return t;
  }

  /** The per-order token the checkout form carries (a cross-site form cannot know it). */
  function formToken(orderId: string): string {
    return createHmac("sha256", d.serverKey).update(`form:${orderId}`).digest("hex").slice(0, 32);
  }

  return {
    authorized(header: string | undefined): boolean {
      const given = Buffer.from(header ?? "", "utf8");
      const expected = Buffer.from(expectedAuth, "utf8");
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    formToken,

    /** Whether a submitted form carries the order's token (compared in constant time). */
    validFormToken(orderId: string, token: string): boolean {
      const given = Buffer.from(token, "utf8");
      const expected = Buffer.from(formToken(orderId), "utf8");
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    current,
    finishUrl,

    /** Snap: a new order (400 when its id was used before, as Midtrans answers). */
    async createTransaction(
      req: z.infer<typeof snapRequestSchema>,
    ): Promise<{ token: string; redirect_url: string } | { duplicate: true }> {
      const created = await d.repo.create({
        orderId: req.transaction_details.order_id,
        grossAmount: req.transaction_details.gross_amount,
        itemName: req.item_details[0]!.name,
        customerEmail: req.customer_details.email,
        finishUrl: req.callbacks.finish,
        expiresAt: new Date(now().getTime() + req.expiry.duration * 60e3),
      });
      if (!created) return { duplicate: true };
      return {
        token: randomBytes(16).toString("hex"),
        redirect_url: checkoutUrl(req.callbacks.finish, req.transaction_details.order_id),
      };
    },

    /** The status API's answer for an order, in Midtrans' shape (404 until a method is chosen). */
    async status(orderId: string): Promise<Record<string, unknown>> {
      const t = await current(orderId);
      if (!t || t.status === null) {
        return { status_code: "404", status_message: "Transaction doesn't exist." };
      }
      return describe(t);
    },

    /**
     * Core's refund, as Midtrans answers it (ADR 043): a settled QRIS or e-wallet transaction
     * becomes `refund` and Rupa gets the signed refund notification (sent after the answer, as
     * Midtrans sends it later); a retry with the same refund_key gets the same answer and no
     * second refund; "418" for methods without refunds, "412" for any other status.
     */
    async refund(
      orderId: string,
      req: { refund_key?: unknown; amount?: unknown },
    ): Promise<Record<string, unknown>> {
      const t = await current(orderId);
      if (!t || t.status === null) {
        return { status_code: "404", status_message: "Transaction doesn't exist." };
      }
      const key =
        typeof req.refund_key === "string"
          ? req.refund_key
          : `sim-${randomBytes(6).toString("hex")}`;
      const approved = (row: SimulatorTransaction) => ({
        status_code: "200",
        status_message: "Success, refund request is approved",
        transaction_id: row.transactionId,
        order_id: row.orderId,
        gross_amount: `${row.grossAmount}.00`,
        currency: "IDR",
        payment_type: row.paymentType,
        transaction_status: "refund",
        refund_amount: `${row.grossAmount}.00`,
        refund_key: row.refundKey,
      });
      if (t.status === "refund" && t.refundKey === key) return approved(t);
      if (!["qris", "gopay", "shopeepay"].includes(t.paymentType ?? "")) {
        return { status_code: "418", status_message: "Payment Type is not supported for refund" };
      }
      const row = await d.repo.refund(orderId, key, now());
      if (!row) {
        const again = await current(orderId);
        if (again?.status === "refund" && again.refundKey === key) return approved(again);
        return { status_code: "412", status_message: "Transaction status cannot be updated." };
      }
      const notification = describe(row);
      setTimeout(() => {
        void d
          .fetch(`${d.publicUrl}/api/payments/midtrans/notification`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(notification),
          })
          .then((res) => res.body?.cancel())
          .catch(() => undefined);
      }, 250);
      return approved(row);
    },

    /**
     * What the buyer did on the checkout page. Choosing a method makes the transaction pending
     * (as Midtrans does), then pay, fail or expire ends it; each change sends Rupa a signed
     * notification. Returns where to send the buyer next, or why nothing happened.
     */
    async act(
      orderId: string,
      action: SimulatorAction,
      method: SimulatorMethod,
    ): Promise<{ redirect: string } | { refused: string }> {
      const t = await current(orderId);
      if (!t) return { refused: "unknown" };
      if (t.status !== null && t.status !== "pending") return { refused: "final" };
      const status = { choose: "pending", pay: "settlement", fail: "deny", expire: "expire" }[
        action
      ];
      const row = await d.repo.transition(
        orderId,
        { status, paymentType: SIMULATOR_METHODS[method].paymentType },
        now(),
      );
      if (!row) return { refused: "final" };
      const notification = describe(row);
      const res = await d.fetch(`${d.publicUrl}/api/payments/midtrans/notification`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(notification),
      });
      // Midtrans would retry a failed delivery; Rupa's sweeper asks the status endpoint anyway.
      await res.body?.cancel();
      if (action === "choose") {
        return { redirect: checkoutUrl(row.finishUrl, orderId, `?method=${method}`) };
      }
      return { redirect: finishUrl(row) };
    },
  };
}
export type SimulatorService = ReturnType<typeof createSimulatorService>;
