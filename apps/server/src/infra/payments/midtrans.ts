import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * A small typed client for the two Midtrans endpoints Rupa uses (issue 12): Snap
 * `POST /snap/v1/transactions` (a checkout page for an order) and Core
 * `GET /v2/{order_id}/status` (the truth about an order), plus the notification signature; and
 * Core `POST /v2/{order_id}/refund` for an admin's refund (ADR 043).
 * The official Node client verifies no signatures and has had broken releases; this is plain
 * `fetch` with a timeout and the documented error bodies.
 */

export const MIDTRANS_HOSTS = {
  sandbox: { snap: "https://app.sandbox.midtrans.com", core: "https://api.sandbox.midtrans.com" },
  production: { snap: "https://app.midtrans.com", core: "https://api.midtrans.com" },
} as const;

export interface MidtransConfig {
  serverKey: string;
  isProduction: boolean;
  /** Overrides for a local fake or the payment simulator (base URLs without a trailing slash). */
  snapBaseUrl?: string;
  coreBaseUrl?: string;
  /** Per request; 10 s unless given. */
  timeoutMs?: number;
  /** How requests travel; the global `fetch` unless given (the simulator answers in-process). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

export type MidtransErrorKind =
  /** The server key was refused (401). */
  | "unauthorized"
  /** Midtrans refused the request (400 and the like): our bug or a duplicate order id. */
  | "rejected"
  /** Midtrans failed or did not answer in time: try again later. */
  | "unavailable"
  /** An answer that is not what the documentation describes. */
  | "invalid_response";

export class MidtransError extends Error {
  override readonly name = "MidtransError";
  constructor(
    readonly kind: MidtransErrorKind,
    message: string,
    /** The HTTP status, or the `status_code` a 200 body carried. */
    readonly status: number,
    /** Midtrans' own `error_messages`, when it sent some. */
    readonly messages: string[] = [],
  ) {
    super(message);
  }
  get retryable(): boolean {
    return this.kind === "unavailable";
  }
}

/** The payment methods Snap offers, in the order the checkout shows them. */
export const SNAP_PAYMENT_METHODS = [
  "other_qris",
  "gopay",
  "shopeepay",
  "bca_va",
  "bni_va",
  "bri_va",
  "echannel",
  "permata_va",
  "indomaret",
  "alfamart",
] as const;

export interface SnapTransactionRequest {
  orderId: string;
  /** Whole rupiah. */
  grossAmount: number;
  item: { id: string; name: string; price: number };
  customer: { firstName: string; email: string; phone?: string | null };
  /** Minutes until the checkout expires. */
  expiryMinutes: number;
  finishUrl: string;
  enabledPayments?: readonly string[];
}

const snapResponseSchema = z.object({ token: z.string().min(1), redirect_url: z.url() });

export const TRANSACTION_STATUSES = [
  "authorize",
  "capture",
  "settlement",
  "pending",
  "deny",
  "cancel",
  "expire",
  "failure",
  "refund",
  "partial_refund",
  "chargeback",
  "partial_chargeback",
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** The fields of a status answer or a notification that Rupa reads (both have this shape). */
export const transactionSchema = z.looseObject({
  order_id: z.string().min(1),
  status_code: z.string(),
  gross_amount: z.string(),
  transaction_status: z.enum(TRANSACTION_STATUSES),
  fraud_status: z.enum(["accept", "deny", "challenge"]).optional(),
  payment_type: z.string().optional(),
  transaction_id: z.string().optional(),
  transaction_time: z.string().optional(),
  settlement_time: z.string().optional(),
});
export type MidtransTransaction = z.infer<typeof transactionSchema>;

export const notificationSchema = transactionSchema.extend({ signature_key: z.string() });
export type MidtransNotification = z.infer<typeof notificationSchema>;

/** `gross_amount` as Midtrans writes it ("650000.00") in whole rupiah, or null. */
export function grossAmountRupiah(value: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const amount = Number(value);
  return Number.isInteger(amount) ? amount : null;
}

/** SHA512(order_id + status_code + gross_amount + server key), as Midtrans signs notifications. */
export function notificationSignature(
  n: Pick<MidtransNotification, "order_id" | "status_code" | "gross_amount">,
  serverKey: string,
): string {
  return createHash("sha512")
    .update(n.order_id + n.status_code + n.gross_amount + serverKey)
    .digest("hex");
}

/** Whether a notification carries Midtrans' signature (compared in constant time). */
export function verifyNotificationSignature(n: MidtransNotification, serverKey: string): boolean {
  const expected = Buffer.from(notificationSignature(n, serverKey), "utf8");
  const given = Buffer.from(n.signature_key.toLowerCase(), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether a transaction is paid for good: settled, or captured with the fraud check accepted. */
export function isPaid(t: MidtransTransaction): boolean {
  if (t.status_code !== "200") return false;
  return (
    t.transaction_status === "settlement" ||
    (t.transaction_status === "capture" && t.fraud_status === "accept")
  );
}

function messagesOf(body: unknown): string[] {
  if (typeof body !== "object" || body === null) return [];
  const list = (body as { error_messages?: unknown }).error_messages;
  if (Array.isArray(list)) return list.filter((m): m is string => typeof m === "string");
  const single = (body as { status_message?: unknown }).status_message;
  return typeof single === "string" ? [single] : [];
}

export function createMidtransClient(config: MidtransConfig) {
  const hosts = config.isProduction ? MIDTRANS_HOSTS.production : MIDTRANS_HOSTS.sandbox;
  const snapBase = config.snapBaseUrl ?? hosts.snap;
  const coreBase = config.coreBaseUrl ?? hosts.core;
  const timeoutMs = config.timeoutMs ?? 10_000;
  const send = config.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const authorization = `Basic ${Buffer.from(`${config.serverKey}:`).toString("base64")}`;

  async function request(
    url: string,
    init: RequestInit,
    timeout = timeoutMs,
  ): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await send(url, {
        ...init,
        headers: {
          Accept: "application/json",
          "Content-Type": "application/json",
          Authorization: authorization,
        },
        signal: AbortSignal.timeout(timeout),
      });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === "TimeoutError";
      throw new MidtransError(
        "unavailable",
        timedOut ? `Midtrans did not answer within ${timeout} ms` : "Midtrans could not be reached",
        0,
      );
    }
    const text = await res.text();
    let body: unknown = undefined;
    try {
      body = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      if (res.ok)
        throw new MidtransError("invalid_response", "Midtrans sent malformed JSON", res.status);
    }
    if (res.status === 401) {
      throw new MidtransError(
        "unauthorized",
        "Midtrans refused the server key",
        401,
        messagesOf(body),
      );
    }
    if (res.status >= 500 || res.status === 429) {
      throw new MidtransError(
        "unavailable",
        `Midtrans answered ${res.status}`,
        res.status,
        messagesOf(body),
      );
    }
    if (res.status >= 400) {
      throw new MidtransError(
        "rejected",
        `Midtrans refused the request (${res.status})`,
        res.status,
        messagesOf(body),
      );
    }
    return { status: res.status, body };
  }

  return {
    /** A Snap checkout for one order: its token and the page to send the buyer to. */
    async createSnapTransaction(
      req: SnapTransactionRequest,
    ): Promise<{ token: string; redirectUrl: string }> {
      const { body } = await request(`${snapBase}/snap/v1/transactions`, {
        method: "POST",
        body: JSON.stringify({
          transaction_details: { order_id: req.orderId, gross_amount: req.grossAmount },
          item_details: [{ ...req.item, quantity: 1 }],
          customer_details: {
            first_name: req.customer.firstName,
            email: req.customer.email,
            ...(req.customer.phone ? { phone: req.customer.phone } : {}),
          },
          enabled_payments: req.enabledPayments ?? SNAP_PAYMENT_METHODS,
          expiry: { unit: "minutes", duration: req.expiryMinutes },
          callbacks: { finish: req.finishUrl },
        }),
      });
      const parsed = snapResponseSchema.safeParse(body);
      if (!parsed.success) {
        throw new MidtransError("invalid_response", "Snap answered without a token", 201);
      }
      return { token: parsed.data.token, redirectUrl: parsed.data.redirect_url };
    },

    /**
     * The order's transaction as Midtrans knows it, or null while it has none (Snap creates the
     * transaction only when the buyer picks a method: until then the status API says 404).
     */
    async transactionStatus(
      orderId: string,
      opts: { timeoutMs?: number } = {},
    ): Promise<MidtransTransaction | null> {
      const { body } = await request(
        `${coreBase}/v2/${encodeURIComponent(orderId)}/status`,
        { method: "GET" },
        opts.timeoutMs,
      );
      const fields = body as { status_code?: unknown; transaction_status?: unknown } | undefined;
      const code = fields?.status_code;
      // The status API answers HTTP 200 and puts the real outcome in `status_code`; a transaction
      // carries its own code (an expired one says "407"), so only a body without one is an error.
      if (code === "404") return null;
      if (
        fields?.transaction_status === undefined &&
        typeof code === "string" &&
        Number(code) >= 400
      ) {
        const status = Number(code);
        if (status === 401)
          throw new MidtransError(
            "unauthorized",
            "Midtrans refused the server key",
            401,
            messagesOf(body),
          );
        throw new MidtransError(
          status >= 500 ? "unavailable" : "rejected",
          `Midtrans answered status_code ${code}`,
          status,
          messagesOf(body),
        );
      }
      const parsed = transactionSchema.safeParse(body);
      if (!parsed.success) {
        throw new MidtransError("invalid_response", "The status answer is not a transaction", 200);
      }
      return parsed.data;
    },

    /**
     * Refunds an order (`amount` whole rupiah). `refundKey` is the merchant's id of this refund:
     * Midtrans treats a request with a key it has seen as a retry of that refund, never a new
     * one. Like the status API it answers HTTP 200 and puts the outcome in `status_code` ("412":
     * the transaction cannot be refunded in its status, "418": the method has no refund).
     */
    async refund(
      orderId: string,
      req: { refundKey: string; amount: number; reason: string },
    ): Promise<MidtransRefund> {
      const { body } = await request(`${coreBase}/v2/${encodeURIComponent(orderId)}/refund`, {
        method: "POST",
        body: JSON.stringify({
          refund_key: req.refundKey,
          amount: req.amount,
          reason: req.reason.slice(0, 255),
        }),
      });
      const fields = (body ?? {}) as Record<string, unknown>;
      const code = typeof fields.status_code === "string" ? Number(fields.status_code) : NaN;
      if (code === 401) {
        throw new MidtransError(
          "unauthorized",
          "Midtrans refused the server key",
          401,
          messagesOf(body),
        );
      }
      if (code !== 200 && code !== 201) {
        if (!Number.isFinite(code))
          throw new MidtransError("invalid_response", "The refund answer has no status_code", 200);
        throw new MidtransError(
          code >= 500 ? "unavailable" : "rejected",
          `Midtrans answered status_code ${fields.status_code as string}`,
          code,
          messagesOf(body),
        );
      }
      const amount =
        typeof fields.refund_amount === "string" ? grossAmountRupiah(fields.refund_amount) : null;
      return {
        refundKey: typeof fields.refund_key === "string" ? fields.refund_key : req.refundKey,
        refundAmount: amount,
        transactionStatus:
          typeof fields.transaction_status === "string" ? fields.transaction_status : "refund",
        statusMessage: typeof fields.status_message === "string" ? fields.status_message : "",
      };
    },
  };
}

/** What Core's refund answers when it took the refund (HTTP 200 and `status_code` "200"). */
export interface MidtransRefund {
  refundKey: string;
  /** Whole rupiah refunded. */
  refundAmount: number | null;
  transactionStatus: string;
  statusMessage: string;
}

export type MidtransClient = ReturnType<typeof createMidtransClient>;
