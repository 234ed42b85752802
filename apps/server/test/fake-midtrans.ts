// A local stand-in for Midtrans' Snap and Core status APIs, answering as their documentation
// describes: Basic auth with the server key, 201 { token, redirect_url } for a new order, 400
// `error_messages` for a bad or reused order id, status 200 with `status_code` "404" until the
// buyer picks a method, and whatever the test sets afterwards. Failure modes: 500s and silence.
// Core's refund (`POST /v2/{order_id}/refund`) answers as documented: HTTP 200 with status_code
// "200" and the refund_key for a settled transaction (the transaction becomes `refund`), the same
// answer again for a retry with the same refund_key, "412" "Transaction status cannot be
// updated." otherwise, "418" for a method without refunds, "404" for an unknown order.
import { createServer, type IncomingMessage } from "node:http";
import { listenLocally } from "./fake-server";
import { forFile, standIn } from "./for-file";
import { createTestServer, type TestServer } from "./harness";

export interface FakeMidtrans {
  endpoint: string;
  /** Order ids Snap has seen, with the request body. */
  orders: Map<string, Record<string, unknown>>;
  /** Set the transaction the status API reports for an order (null: none yet). */
  setTransaction(orderId: string, tx: Record<string, unknown> | null): void;
  /** Make the next `n` requests fail with 500, or hang (no answer) until closed. */
  failNext(n: number, mode?: "500" | "hang"): void;
  requests: { method: string; path: string; authorization: string | undefined }[];
  /** Refunds Midtrans carried out (a retry with a known refund_key adds none). */
  refunds: { orderId: string; refundKey: string; amount: unknown; reason: unknown }[];
  /** The next refund requests answer this body instead (e.g. a 412), `n` times. */
  refuseRefunds(n: number, body: Record<string, unknown>): void;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    return null;
  }
}

export async function startFakeMidtrans(serverKey: string): Promise<FakeMidtrans> {
  const orders = new Map<string, Record<string, unknown>>();
  const transactions = new Map<string, Record<string, unknown> | null>();
  const requests: FakeMidtrans["requests"] = [];
  const refunds: FakeMidtrans["refunds"] = [];
  let refusals = 0;
  let refusal: Record<string, unknown> = {};
  let failures = 0;
  let failMode: "500" | "hang" = "500";
  const expectedAuth = `Basic ${Buffer.from(`${serverKey}:`).toString("base64")}`;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      authorization: req.headers.authorization,
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (failures > 0) {
      failures--;
      if (failMode === "hang") return;
      return send(500, {
        error_messages: ["Sorry. Our system is recovering from unexpected issues."],
      });
    }
    if (req.headers.authorization !== expectedAuth) {
      if (url.pathname.startsWith("/v2/")) {
        return send(200, { status_code: "401", status_message: "Unknown Merchant server_key/id" });
      }
      return send(401, {
        error_messages: [
          "Access denied due to unauthorized transaction, please check client or server key",
        ],
      });
    }
    if (req.method === "POST" && url.pathname === "/snap/v1/transactions") {
      void readJson(req).then((body) => {
        const details = (
          body as { transaction_details?: { order_id?: unknown; gross_amount?: unknown } } | null
        )?.transaction_details;
        const orderId = details?.order_id;
        if (typeof orderId !== "string" || typeof details?.gross_amount !== "number") {
          return send(400, { error_messages: ["transaction_details.order_id is required"] });
        }
        if (orders.has(orderId)) {
          return send(400, { error_messages: ["transaction_details.order_id sudah digunakan"] });
        }
        orders.set(orderId, body as Record<string, unknown>);
        const token = `tok-${orderId}`;
        send(201, {
          token,
          redirect_url: `https://app.sandbox.midtrans.com/snap/v4/redirection/${token}`,
        });
      });
      return;
    }
    const refund = /^\/v2\/([^/]+)\/refund$/.exec(url.pathname);
    if (req.method === "POST" && refund) {
      const orderId = decodeURIComponent(refund[1] ?? "");
      void readJson(req).then((raw) => {
        const body = (raw ?? {}) as { refund_key?: unknown; amount?: unknown; reason?: unknown };
        if (refusals > 0) {
          refusals--;
          return send(200, refusal);
        }
        const tx = transactions.get(orderId);
        if (!tx)
          return send(200, { status_code: "404", status_message: "Transaction doesn't exist." });
        const key = typeof body.refund_key === "string" ? body.refund_key : `mid-${refunds.length}`;
        const done = refunds.find((r) => r.orderId === orderId && r.refundKey === key);
        const answer = () =>
          send(200, {
            status_code: "200",
            status_message: "Success, refund request is approved",
            transaction_id: tx.transaction_id,
            order_id: orderId,
            gross_amount: tx.gross_amount,
            currency: "IDR",
            payment_type: tx.payment_type,
            transaction_time: tx.transaction_time,
            transaction_status: "refund",
            refund_chargeback_id: refunds.length,
            refund_amount: `${String(body.amount ?? tx.gross_amount)}.00`.replace(
              /\.00\.00$/,
              ".00",
            ),
            refund_key: key,
          });
        if (done) return answer();
        if (["bank_transfer", "echannel", "cstore"].includes(String(tx.payment_type))) {
          return send(200, {
            status_code: "418",
            status_message: "Payment Type is not supported for refund",
          });
        }
        if (tx.transaction_status !== "settlement" && tx.transaction_status !== "capture") {
          return send(200, {
            status_code: "412",
            status_message: "Transaction status cannot be updated.",
          });
        }
        refunds.push({ orderId, refundKey: key, amount: body.amount, reason: body.reason });
        transactions.set(orderId, { ...tx, transaction_status: "refund", status_code: "200" });
        return answer();
      });
      return;
    }
    const status = /^\/v2\/([^/]+)\/status$/.exec(url.pathname);
    if (req.method === "GET" && status) {
      const orderId = decodeURIComponent(status[1] ?? "");
      const tx = transactions.get(orderId);
      if (!tx)
        return send(200, { status_code: "404", status_message: "Transaction doesn't exist." });
      return send(200, tx);
    }
    send(404, { error_messages: ["Not found"] });
  });
  const { endpoint, close } = await listenLocally(server);
  return {
    endpoint,
    orders,
    requests,
    refunds,
    refuseRefunds(n, body) {
      refusals = n;
      refusal = body;
    },
    setTransaction: (orderId, tx) => transactions.set(orderId, tx),
    failNext(n, mode = "500") {
      failures = n;
      failMode = mode;
    },
    close,
  };
}

/**
 * The test server of a file about payments, with a fake Midtrans beside it that signs with
 * `serverKey` (no queue: the files drive notifications and jobs themselves): both started before
 * the file's tests and closed after them.
 */
export function paymentServerForFile(serverKey: string): { t: TestServer; fake: FakeMidtrans } {
  const both = forFile(async () => {
    const fake = await startFakeMidtrans(serverKey);
    const t = await createTestServer({
      startQueue: false,
      env: {
        MIDTRANS_SERVER_KEY: serverKey,
        MIDTRANS_SNAP_URL: fake.endpoint,
        MIDTRANS_API_URL: fake.endpoint,
      },
    });
    return {
      t,
      fake,
      close: async () => {
        await t.close();
        await fake.close();
      },
    };
  });
  return { t: standIn(() => both().t), fake: standIn(() => both().fake) };
}
