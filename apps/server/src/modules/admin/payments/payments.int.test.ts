import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiContract as api } from "@rupa/shared";
import { paymentServerForFile } from "../../../../test/fake-midtrans";
import { testDriver } from "../../../../test/harness";
import { auditLog, creditSpends, mailOutbox, payments } from "../../../db/schema";
import { notificationSignature } from "../../../infra/payments/midtrans";

/**
 * The admin Pembayaran section against a local fake of Midtrans (ADR 043): the list and an
 * order's story, and refunds: once however many arrive at once, after a refund the gateway's
 * notification already applied, only what is left of the credits, the manual path for methods
 * Midtrans cannot refund, gateway errors, and admins only.
 */
const SERVER_KEY = "SB-Mid-server-admin-refund-key-01";
const { t, fake } = paymentServerForFile(SERVER_KEY);
let adminId: string;

beforeAll(async () => {
  adminId = await newUser("admin");
});

const newUser = (prefix = "u") =>
  t.insertUser({ id: `${prefix}_${randomUUID()}`, fullName: "Sari" });
const asAdmin = (id = adminId) => t.actAs({ userId: id, isAdmin: true });
const balance = async (u: string) => (await t.ctx.services.credits.summary(u)).balance;

function tx(orderId: string, status: string, paymentType = "qris") {
  return {
    status_code: status === "pending" ? "201" : "200",
    status_message: "Success, transaction is found",
    transaction_id: randomUUID(),
    order_id: orderId,
    gross_amount: "199000.00",
    currency: "IDR",
    payment_type: paymentType,
    transaction_time: "2026-11-24 10:00:00",
    transaction_status: status,
    fraud_status: "accept",
  };
}
async function notify(body: ReturnType<typeof tx>) {
  t.actAs(null);
  return t.client.raw(api.payments.notification, {
    body: { ...body, signature_key: notificationSignature(body, SERVER_KEY) },
  });
}
/** A member with a paid Pro order (200 credits) by `paymentType`. */
async function paidOrder(paymentType = "qris") {
  const u = await newUser();
  t.actAs({ userId: u });
  const created = await t.client.call(api.payments.create, { body: { planId: "pro_monthly" } });
  expect(created.status).toBe(200);
  const orderId = created.body.orderId;
  fake.setTransaction(orderId, tx(orderId, "settlement", paymentType));
  expect((await notify(tx(orderId, "settlement", paymentType))).body.outcome).toBe("granted");
  expect(await balance(u)).toBe(200);
  return { u, orderId };
}
async function refund(orderId: string, body: { reason: string; manual?: boolean }) {
  return t.client.raw(api.adminPayments.refund, { params: { orderId }, body });
}
async function revocations(u: string) {
  return t.ctx.db.db
    .select()
    .from(creditSpends)
    .where(and(eq(creditSpends.userId, u), eq(creditSpends.reason, "payment_refund")));
}
async function auditRows(orderId: string) {
  return t.ctx.db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "payment"), eq(auditLog.entityId, orderId)));
}
async function refundMails(u: string) {
  return t.ctx.db.db
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.toAddress, `${u}@example.com`), eq(mailOutbox.kind, "payment-refund")),
    );
}

describe(`admin payments and refunds on ${testDriver()}`, () => {
  it("lists orders with the buyer's e-mail, finds one by e-mail or order id, filters, and shows its story", async () => {
    const { u, orderId } = await paidOrder();
    asAdmin();
    const byEmail = await t.client.call(api.adminPayments.list, { query: { q: `${u}@example` } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.total).toBe(1);
    expect(byEmail.body.items[0]).toMatchObject({
      orderId,
      email: `${u}@example.com`,
      amountIdr: 199000,
      method: "qris",
      state: "paid",
      planName: "Pro",
    });
    const byId = await t.client.call(api.adminPayments.list, { query: { q: orderId } });
    expect(byId.body.items.map((i) => i.orderId)).toEqual([orderId]);
    const filtered = await t.client.call(api.adminPayments.list, {
      query: { q: orderId, state: "pending" },
    });
    expect(filtered.body.total).toBe(0);
    const methodFiltered = await t.client.call(api.adminPayments.list, {
      query: { q: orderId, method: "gopay" },
    });
    expect(methodFiltered.body.total).toBe(0);
    const today = new Date(Date.now() + 7 * 3600e3).toISOString().slice(0, 10);
    const dated = await t.client.call(api.adminPayments.list, {
      query: { q: orderId, from: today, to: today },
    });
    expect(dated.body.total).toBe(1);
    const before = await t.client.call(api.adminPayments.list, {
      query: { q: orderId, to: "2020-01-01" },
    });
    expect(before.body.total).toBe(0);

    const detail = await t.client.call(api.adminPayments.detail, { params: { orderId } });
    expect(detail.status).toBe(200);
    expect(detail.body.notifications).toHaveLength(1);
    expect(detail.body.notifications[0]).toMatchObject({
      transactionStatus: "settlement",
      signatureValid: true,
      outcome: "granted",
    });
    expect(detail.body.lot).toMatchObject({ amount: 200, remaining: 200 });
    expect(detail.body.refund).toMatchObject({ possible: true, blocker: null, source: null });
  });

  it("shows each status re-check of an order: what the gateway said and what it changed", async () => {
    const u = await newUser();
    t.actAs({ userId: u });
    const created = await t.client.call(api.payments.create, { body: { planId: "pro_monthly" } });
    const orderId = created.body.orderId;
    const [row] = await t.ctx.db.db.select().from(payments).where(eq(payments.orderId, orderId));
    // The buyer's page re-checks a pending order it has not asked about lately.
    const recheck = async (status: string) => {
      fake.setTransaction(orderId, tx(orderId, status));
      await t.ctx.db.db
        .update(payments)
        .set({ createdAt: new Date(Date.now() - 5 * 60e3), lastCheckedAt: null })
        .where(eq(payments.id, row!.id));
      t.actAs({ userId: u });
      expect((await t.client.call(api.payments.order, { params: { orderId } })).status).toBe(200);
    };
    await recheck("pending");
    await recheck("settlement");
    expect(await balance(u)).toBe(200);
    asAdmin();
    const detail = await t.client.call(api.adminPayments.detail, { params: { orderId } });
    expect(detail.body.checks.map((c) => [c.trigger, c.transactionStatus, c.outcome])).toEqual([
      ["buyer", "pending", "waiting"],
      ["buyer", "settlement", "granted"],
    ]);
  });

  it("refunds once under ten parallel requests: one ledger line, one audit row, one e-mail", async () => {
    const { u, orderId } = await paidOrder();
    const admin = await newUser("admin");
    asAdmin(admin);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(orderId, { reason: "Pembeli minta batal" })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(answers.find((a) => a.status === 409)!.json).toMatchObject({
      error: { code: "payment_already_refunded" },
    });
    expect(fake.refunds.filter((r) => r.orderId === orderId)).toHaveLength(1);
    expect(fake.refunds.find((r) => r.orderId === orderId)).toMatchObject({
      refundKey: `${orderId}-refund`,
      amount: 199000,
    });
    expect(await balance(u)).toBe(0);
    const lines = await revocations(u);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amount: 200 });
    expect(lines[0]!.description).toContain("Pembeli minta batal");
    const audit = await auditRows(orderId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "payment.refunded", actorId: admin });
    expect(await refundMails(u)).toHaveLength(1);

    const ok = answers.find((a) => a.status === 200)!.json as {
      payment: { state: string };
      refund: { source: string; creditsRevoked: number };
      audit: unknown[];
    };
    expect(ok.payment.state).toBe("refunded");
    expect(ok.refund).toMatchObject({ source: "gateway", creditsRevoked: 200 });
    expect(ok.audit).toHaveLength(1);
    // The member's order shows it.
    t.actAs({ userId: u });
    const mine = await t.client.call(api.payments.order, { params: { orderId } });
    expect(mine.body.order).toMatchObject({ state: "refunded", creditsRemaining: 0 });
  });

  it("after a refund made in the Midtrans dashboard, the admin's refund changes nothing more", async () => {
    const { u, orderId } = await paidOrder("gopay");
    fake.setTransaction(orderId, tx(orderId, "refund", "gopay"));
    const n = await notify(tx(orderId, "refund", "gopay"));
    expect(n.body.outcome).toBe("refunded");
    expect(await balance(u)).toBe(0);
    expect(await refundMails(u)).toHaveLength(1);
    // The same notification again: nothing more.
    expect((await notify(tx(orderId, "refund", "gopay"))).body.outcome).toBe("ignored:not_paid");

    asAdmin();
    const res = await refund(orderId, { reason: "Sudah di-refund" });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: { code: "payment_already_refunded" } });
    expect(fake.refunds.filter((r) => r.orderId === orderId)).toHaveLength(0);
    expect(await revocations(u)).toHaveLength(1);
    expect(await auditRows(orderId)).toHaveLength(0);
    expect(await refundMails(u)).toHaveLength(1);
    const detail = await t.client.call(api.adminPayments.detail, { params: { orderId } });
    expect(detail.body.refund).toMatchObject({ source: "notification", creditsRevoked: 200 });
    expect(detail.body.notifications.map((x) => x.outcome)).toEqual([
      "granted",
      "refunded",
      "ignored:not_paid",
    ]);
  });

  it("revokes only what is left after some credits were spent", async () => {
    const { u, orderId } = await paidOrder();
    await t.ctx.services.credits.spend(u, 30, "avatar", "test avatars");
    expect(await balance(u)).toBe(170);
    asAdmin();
    const res = await refund(orderId, { reason: "Kualitas kurang" });
    expect(res.status).toBe(200);
    expect(await balance(u)).toBe(0);
    const lines = await revocations(u);
    expect(lines.map((l) => l.amount)).toEqual([170]);
    expect(res.body.refund.creditsRevoked).toBe(170);
    expect(res.body.lot).toMatchObject({ amount: 200, remaining: 0 });
  });

  it("a virtual account takes the manual path: refused without it, recorded with it", async () => {
    const { u, orderId } = await paidOrder("bank_transfer");
    asAdmin();
    const detail = await t.client.call(api.adminPayments.detail, { params: { orderId } });
    expect(detail.body.refund).toMatchObject({ possible: true, blocker: "method_not_refundable" });
    const refused = await refund(orderId, { reason: "Transfer balik" });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: { code: "refund_needs_manual" } });
    expect(await balance(u)).toBe(200);
    const manual = await refund(orderId, { reason: "Transfer balik ke BCA", manual: true });
    expect(manual.status).toBe(200);
    expect(manual.body.refund).toMatchObject({ source: "manual", creditsRevoked: 200 });
    expect(fake.refunds.filter((r) => r.orderId === orderId)).toHaveLength(0);
    expect(await balance(u)).toBe(0);
    expect((await auditRows(orderId)).map((a) => a.action)).toEqual(["payment.refunded_manually"]);
    const mails = await refundMails(u);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(orderId);
    const again = await refund(orderId, { reason: "lagi", manual: true });
    expect(again.status).toBe(409);
    expect(await revocations(u)).toHaveLength(1);
  });

  it("a gateway error leaves the order paid and says why (502 with a code)", async () => {
    const { u, orderId } = await paidOrder("shopeepay");
    asAdmin();
    fake.refuseRefunds(1, {
      status_code: "412",
      status_message: "Transaction status cannot be updated.",
    });
    const res = await refund(orderId, { reason: "Batal" });
    expect(res.status).toBe(502);
    expect(res.json).toMatchObject({ error: { code: "refund_gateway_error" } });
    expect((res.json as { error: { message: string } }).error.message).toContain(
      "Transaction status cannot be updated",
    );
    fake.failNext(1);
    expect((await refund(orderId, { reason: "Batal" })).status).toBe(502);
    expect(await balance(u)).toBe(200);
    const [row] = await t.ctx.db.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(row!.status).toBe("settlement");
    expect(await auditRows(orderId)).toHaveLength(0);
    // Asked again once the gateway answers: refunded.
    expect((await refund(orderId, { reason: "Batal" })).status).toBe(200);
  });

  it("refuses unknown, unpaid and failed orders with a 4xx that changes nothing", async () => {
    asAdmin();
    const unknown = await refund("RUPA-ABCDEF-ZZZZZZZZ", { reason: "Tidak ada" });
    expect(unknown.status).toBe(404);
    const u = await newUser();
    t.actAs({ userId: u });
    const { orderId } = (
      await t.client.call(api.payments.create, { body: { planId: "pro_monthly" } })
    ).body;
    asAdmin();
    const pending = await refund(orderId, { reason: "Belum bayar" });
    expect(pending.status).toBe(409);
    expect(pending.json).toMatchObject({ error: { code: "payment_not_paid" } });
    fake.setTransaction(orderId, { ...tx(orderId, "deny"), status_code: "202" });
    expect((await notify({ ...tx(orderId, "deny"), status_code: "202" })).body.outcome).toBe(
      "ended",
    );
    asAdmin();
    const failed = await refund(orderId, { reason: "Gagal", manual: true });
    expect(failed.status).toBe(409);
    expect(fake.refunds.filter((r) => r.orderId === orderId)).toHaveLength(0);
    expect((await refund(orderId, { reason: "" })).status).toBe(400);
    expect(await auditRows(orderId)).toHaveLength(0);
  });

  it("is for admins only: a member gets 403 and nothing moves", async () => {
    const { u, orderId } = await paidOrder();
    t.actAs({ userId: u });
    expect((await t.client.raw(api.adminPayments.list, { query: {} })).status).toBe(403);
    expect((await t.client.raw(api.adminPayments.detail, { params: { orderId } })).status).toBe(
      403,
    );
    const res = await refund(orderId, { reason: "Saya mau uang kembali" });
    expect(res.status).toBe(403);
    expect(await balance(u)).toBe(200);
    t.actAs(null);
    expect((await refund(orderId, { reason: "Visitor" })).status).toBe(401);
  });

  it("rate-limits refunds per admin", async () => {
    const admin = await newUser("admin");
    asAdmin(admin);
    const answers = [];
    for (let i = 0; i < 21; i++)
      answers.push((await refund("RUPA-ABCDEF-ZZZZZZZZ", { reason: "x".repeat(5) })).status);
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(answers[20]).toBe(429);
    // Another admin has their own budget.
    asAdmin();
    expect((await refund("RUPA-ABCDEF-ZZZZZZZZ", { reason: "other" })).status).toBe(404);
  });
});
