import { apiContract as api } from "@rupa/shared";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDriver, testServerForFile } from "../../../test/harness";
import { mailOutbox, payments, users } from "../../db/schema";

/**
 * Receipts (docs/product/credits-and-plans.md, Receipts): a paid order's printable page for its
 * buyer or an admin, with an invoice number from one sequence, through the payment simulator.
 */
const t = testServerForFile({ startQueue: false });

async function paidOrder(userId: string, method: "other_qris" | "gopay" = "other_qris") {
  t.actAs({ userId });
  const created = await t.client.call(api.payments.create, { body: { planId: "pro_monthly" } });
  expect(created.status).toBe(200);
  const { orderId } = created.body;
  t.actAs(null);
  return { orderId, pay: () => t.ctx.services.simulator.act(orderId, "pay", method) };
}
async function receipt(orderId: string, as: { userId: string; isAdmin?: boolean } | null) {
  t.actAs(as);
  const res = await t.client.raw(api.payments.receipt, { params: { orderId } });
  t.actAs(null);
  return res;
}

describe(`receipts on ${testDriver()}`, () => {
  it("prints a paid order for its buyer with invoice number, seller, buyer, plan, credits, amount and method", async () => {
    const buyer = await t.insertUser({ fullName: "Sari Wulandari" });
    await t.ctx.services.settings.set("business_tax_id", "01.234.567.8-901.000", null);
    const { orderId, pay } = await paidOrder(buyer);
    // Not paid yet: no receipt, and the order offers none.
    expect((await receipt(orderId, { userId: buyer })).status).toBe(404);
    t.actAs({ userId: buyer });
    const pending = await t.client.call(api.payments.order, { params: { orderId } });
    expect(pending.body.order.receiptUrl).toBeNull();
    expect(await pay()).toHaveProperty("redirect");

    const order = await t.client.call(api.payments.order, { params: { orderId } });
    expect(order.body.order).toMatchObject({
      state: "paid",
      receiptUrl: `/api/payments/${orderId}/receipt`,
    });
    const res = await receipt(orderId, { userId: buyer });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const [row] = await t.ctx.db.db.select().from(payments).where(eq(payments.orderId, orderId));
    const year = new Date().getFullYear();
    const invoice = `RUPA/INV/${year}/${String(row!.invoiceNumber).padStart(6, "0")}`;
    for (const text of [
      "<title>Kuitansi",
      invoice,
      orderId,
      "Sari Wulandari",
      `${buyer}@example.com`,
      "Pro - Bulanan",
      ">200<",
      "Rp 199.000",
      "QRIS",
      "LUNAS",
      "NPWP: 01.234.567.8-901.000",
      "@media print",
    ])
      expect(res.text).toContain(text);

    // The receipt e-mail links it.
    const mails = await t.ctx.db.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `${buyer}@example.com`));
    const mail = mails.find((m) => m.kind === "payment-receipt")!;
    expect(mail.textBody).toContain(`/api/payments/${orderId}/receipt`);
    expect(mail.textBody).toContain(invoice);
  });

  it("is the buyer's or an admin's only; signed out goes to sign in", async () => {
    const buyer = await t.insertUser();
    const other = await t.insertUser();
    const { orderId, pay } = await paidOrder(buyer, "gopay");
    await pay();
    expect((await receipt(orderId, { userId: other })).status).toBe(404);
    const admin = await receipt(orderId, { userId: other, isAdmin: true });
    expect(admin.status).toBe(200);
    expect(admin.text).toContain("GoPay");
    const out = await receipt(orderId, null);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/auth?next=/credits");
    expect((await receipt("RUPA-ABCDEF-12345678", { userId: buyer })).status).toBe(404);
    expect((await receipt("not-an-order", { userId: buyer })).status).toBe(404);
  });

  it("speaks the buyer's language", async () => {
    const buyer = await t.insertUser({ preferredLanguage: "en" });
    const { orderId, pay } = await paidOrder(buyer);
    await pay();
    const res = await receipt(orderId, { userId: buyer });
    expect(res.text).toContain('<html lang="en">');
    expect(res.text).toContain("<title>Receipt");
    expect(res.text).toContain("Total paid");
    expect(res.text).toContain("PAID");
  });

  it("never gives two paid orders the same invoice number, however many are paid at once", async () => {
    const buyers = await Promise.all(Array.from({ length: 10 }, () => t.insertUser()));
    const orders = [];
    for (const b of buyers) orders.push(await paidOrder(b));
    await Promise.all(orders.map((o) => o.pay()));
    const rows = await t.ctx.db.db
      .select({ n: payments.invoiceNumber, status: payments.status })
      .from(payments)
      .where(inArray(payments.userId, buyers));
    expect(rows.map((r) => r.status)).toEqual(Array(10).fill("settlement"));
    const numbers = rows.map((r) => r.n);
    expect(numbers.every((n) => typeof n === "number" && n > 0)).toBe(true);
    expect(new Set(numbers).size).toBe(10);
    // Paying again (a repeated notification) keeps the number.
    const before = numbers.slice().sort();
    await Promise.all(orders.map((o) => o.pay()));
    const again = await t.ctx.db.db
      .select({ n: payments.invoiceNumber })
      .from(payments)
      .where(inArray(payments.userId, buyers));
    expect(again.map((r) => r.n).sort()).toEqual(before);
    await t.ctx.db.db.delete(users).where(inArray(users.id, buyers));
  });
});
