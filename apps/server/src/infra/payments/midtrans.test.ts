import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeMidtrans, type FakeMidtrans } from "../../../test/fake-midtrans";
import {
  createMidtransClient,
  grossAmountRupiah,
  isPaid,
  MidtransError,
  notificationSchema,
  notificationSignature,
  verifyNotificationSignature,
} from "./midtrans";

const KEY = "SB-Mid-server-test-key";
let fake: FakeMidtrans;
beforeAll(async () => {
  fake = await startFakeMidtrans(KEY);
});
afterAll(() => fake.close());

const client = (over: { serverKey?: string; timeoutMs?: number } = {}) =>
  createMidtransClient({
    serverKey: over.serverKey ?? KEY,
    isProduction: false,
    snapBaseUrl: fake.endpoint,
    coreBaseUrl: fake.endpoint,
    timeoutMs: over.timeoutMs ?? 2000,
  });

const order = (orderId: string) => ({
  orderId,
  grossAmount: 199_000,
  item: { id: "pro_monthly", name: "Pro (bulanan)", price: 199_000 },
  customer: { firstName: "Sari", email: "sari@example.com", phone: "+628123456789" },
  expiryMinutes: 60,
  finishUrl: "https://rupa.test/credits?order=x",
});

const paidTx = (orderId: string, over: Record<string, unknown> = {}) => ({
  status_code: "200",
  status_message: "Success, transaction is found",
  transaction_id: "4a5b6c7d",
  order_id: orderId,
  gross_amount: "199000.00",
  payment_type: "qris",
  transaction_time: "2026-11-24 10:00:00",
  transaction_status: "settlement",
  fraud_status: "accept",
  currency: "IDR",
  ...over,
});

describe("Midtrans client against a local fake", () => {
  it("refunds a settled transaction once per refund_key and reads Midtrans' refusals (ADR 043)", async () => {
    fake.setTransaction("RUPA-R1", paidTx("RUPA-R1"));
    const req = { refundKey: "RUPA-R1-refund", amount: 199_000, reason: "Batal" };
    const first = await client().refund("RUPA-R1", req);
    expect(first).toMatchObject({ refundKey: "RUPA-R1-refund", refundAmount: 199_000 });
    expect(fake.refunds).toEqual([
      { orderId: "RUPA-R1", refundKey: "RUPA-R1-refund", amount: 199_000, reason: "Batal" },
    ]);
    // The same key again: the same refund, not a second one.
    await expect(client().refund("RUPA-R1", req)).resolves.toMatchObject({
      refundKey: req.refundKey,
    });
    expect(fake.refunds).toHaveLength(1);
    // Another key on a refunded transaction: 412 in the body of an HTTP 200.
    const refused = await client()
      .refund("RUPA-R1", { ...req, refundKey: "other" })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MidtransError);
    expect(refused).toMatchObject({ kind: "rejected", status: 412 });
    expect((refused as MidtransError).messages).toEqual(["Transaction status cannot be updated."]);
    fake.setTransaction("RUPA-R2", paidTx("RUPA-R2", { payment_type: "bank_transfer" }));
    await expect(client().refund("RUPA-R2", req)).rejects.toMatchObject({ status: 418 });
    await expect(client().refund("RUPA-NONE", req)).rejects.toMatchObject({ status: 404 });
    await expect(client({ serverKey: "wrong" }).refund("RUPA-R1", req)).rejects.toMatchObject({
      kind: "unauthorized",
    });
    fake.failNext(1);
    await expect(client().refund("RUPA-R1", req)).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("creates a Snap checkout with QRIS first, the amount, customer, expiry and finish URL", async () => {
    const snap = await client().createSnapTransaction(order("RUPA-1"));
    expect(snap.token).toBe("tok-RUPA-1");
    expect(snap.redirectUrl).toMatch(/^https:\/\/app\.sandbox\.midtrans\.com\//);
    const sent = fake.orders.get("RUPA-1") as {
      transaction_details: unknown;
      enabled_payments: string[];
      expiry: unknown;
      callbacks: unknown;
      customer_details: unknown;
    };
    expect(sent.transaction_details).toEqual({ order_id: "RUPA-1", gross_amount: 199_000 });
    expect(sent.enabled_payments[0]).toBe("other_qris");
    expect(sent.enabled_payments).toEqual(expect.arrayContaining(["gopay", "bca_va", "echannel"]));
    expect(sent.expiry).toEqual({ unit: "minutes", duration: 60 });
    expect(sent.callbacks).toEqual({ finish: "https://rupa.test/credits?order=x" });
    expect(fake.requests.at(-1)?.authorization).toBe(
      `Basic ${Buffer.from(`${KEY}:`).toString("base64")}`,
    );
  });

  it("reports Midtrans' refusals with their messages: a reused order id, a wrong key", async () => {
    const reused = await client()
      .createSnapTransaction(order("RUPA-1"))
      .catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(MidtransError);
    expect(reused).toMatchObject({ kind: "rejected", status: 400, retryable: false });
    expect((reused as MidtransError).messages[0]).toContain("sudah digunakan");
    await expect(
      client({ serverKey: "wrong" }).createSnapTransaction(order("RUPA-2")),
    ).rejects.toMatchObject({ kind: "unauthorized", status: 401 });
    await expect(client({ serverKey: "wrong" }).transactionStatus("RUPA-1")).rejects.toMatchObject({
      kind: "unauthorized",
    });
  });

  it("treats 5xx and silence as unavailable (retry later)", async () => {
    fake.failNext(1, "500");
    await expect(client().createSnapTransaction(order("RUPA-3"))).rejects.toMatchObject({
      kind: "unavailable",
      status: 500,
      retryable: true,
    });
    fake.failNext(1, "hang");
    const started = Date.now();
    await expect(client({ timeoutMs: 300 }).transactionStatus("RUPA-3")).rejects.toMatchObject({
      kind: "unavailable",
      status: 0,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reads the status API: none until a method is chosen, then the transaction", async () => {
    await expect(client().transactionStatus("RUPA-4")).resolves.toBeNull();
    fake.setTransaction(
      "RUPA-4",
      paidTx("RUPA-4", { transaction_status: "pending", status_code: "201" }),
    );
    const pending = await client().transactionStatus("RUPA-4");
    expect(pending?.transaction_status).toBe("pending");
    expect(pending && isPaid(pending)).toBe(false);
    fake.setTransaction("RUPA-4", paidTx("RUPA-4"));
    const paid = await client().transactionStatus("RUPA-4");
    expect(paid && isPaid(paid)).toBe(true);
    expect(grossAmountRupiah(paid?.gross_amount ?? "")).toBe(199_000);
    // An expired transaction carries status_code "407": it is a transaction, not an error.
    fake.setTransaction(
      "RUPA-6",
      paidTx("RUPA-6", { transaction_status: "expire", status_code: "407" }),
    );
    expect((await client().transactionStatus("RUPA-6"))?.transaction_status).toBe("expire");
    fake.setTransaction("RUPA-7", { status_code: "500", status_message: "Internal error" });
    await expect(client().transactionStatus("RUPA-7")).rejects.toMatchObject({
      kind: "unavailable",
    });
    fake.setTransaction("RUPA-5", { status_code: "200", order_id: "RUPA-5" });
    await expect(client().transactionStatus("RUPA-5")).rejects.toMatchObject({
      kind: "invalid_response",
    });
  });
});

describe("notifications", () => {
  const base = paidTx("RUPA-9");
  const signed = { ...base, signature_key: notificationSignature(base, KEY) };

  it("verifies SHA512(order_id + status_code + gross_amount + server key)", () => {
    const n = notificationSchema.parse(signed);
    expect(verifyNotificationSignature(n, KEY)).toBe(true);
    expect(verifyNotificationSignature(n, "another-key")).toBe(false);
    expect(verifyNotificationSignature({ ...n, gross_amount: "1000.00" }, KEY)).toBe(false);
    expect(verifyNotificationSignature({ ...n, signature_key: "00" }, KEY)).toBe(false);
  });

  it("counts as paid only a settlement, or a capture whose fraud check accepted, with code 200", () => {
    const n = notificationSchema.parse(signed);
    expect(isPaid(n)).toBe(true);
    expect(isPaid({ ...n, transaction_status: "capture", fraud_status: "deny" })).toBe(false);
    expect(isPaid({ ...n, transaction_status: "capture", fraud_status: "challenge" })).toBe(false);
    expect(isPaid({ ...n, transaction_status: "capture", fraud_status: "accept" })).toBe(true);
    expect(isPaid({ ...n, transaction_status: "pending", status_code: "201" })).toBe(false);
    expect(isPaid({ ...n, status_code: "201" })).toBe(false);
    expect(grossAmountRupiah("199000.50")).toBeNull();
    expect(grossAmountRupiah("1e5")).toBeNull();
  });
});
