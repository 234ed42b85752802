import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiContract as api } from "@rupa/shared";
import { testDriver, testServerForFile } from "../../../../test/harness";
import { creditSpends, paymentNotifications, users } from "../../../db/schema";

/**
 * A refund through the payment simulator (ADR 043): the simulator's Core refund answers as
 * Midtrans does and sends the signed refund notification afterwards, which finds the order
 * already refunded and changes nothing more.
 */
const t = testServerForFile({ startQueue: false });

async function newUser(prefix = "u"): Promise<string> {
  const id = `${prefix}_${randomUUID()}`;
  await t.ctx.db.db.insert(users).values({ id, email: `${id}@example.com`, emailVerified: true });
  return id;
}
const balance = async (u: string) => (await t.ctx.services.credits.summary(u)).balance;

async function paidInSimulator(method: "gopay" | "bca_va") {
  const u = await newUser();
  t.actAs({ userId: u });
  const { orderId } = (
    await t.client.call(api.payments.create, { body: { planId: "pro_monthly" } })
  ).body;
  await t.ctx.services.simulator.act(orderId, "choose", method);
  await t.ctx.services.simulator.act(orderId, "pay", method);
  expect(await balance(u)).toBe(200);
  return { u, orderId };
}

describe(`refunds through the payment simulator on ${testDriver()}`, () => {
  it("refunds a GoPay order once; the simulator's refund notification changes nothing more", async () => {
    const { u, orderId } = await paidInSimulator("gopay");
    const admin = await newUser("admin");
    t.actAs({ userId: admin, isAdmin: true });
    const res = await t.client.call(api.adminPayments.refund, {
      params: { orderId },
      body: { reason: "Pembeli minta batal" },
    });
    expect(res.status).toBe(200);
    expect(res.body.refund).toMatchObject({ source: "gateway", creditsRevoked: 200 });
    expect(await balance(u)).toBe(0);
    expect(await t.ctx.services.simulator.status(orderId)).toMatchObject({
      transaction_status: "refund",
    });
    // A retry with the same refund_key is the same refund at the simulator, as at Midtrans.
    const gateway = (await t.ctx.services.gateways.byKind("simulator"))!;
    await expect(
      gateway.client.refund(orderId, {
        refundKey: `${orderId}-refund`,
        amount: 199000,
        reason: "x",
      }),
    ).resolves.toMatchObject({ refundKey: `${orderId}-refund` });
    await expect(
      gateway.client.refund(orderId, { refundKey: "another-key", amount: 199000, reason: "x" }),
    ).rejects.toMatchObject({ kind: "rejected", status: 412 });

    // The refund notification arrives after the answer.
    await expect
      .poll(
        async () =>
          (
            await t.ctx.db.db
              .select()
              .from(paymentNotifications)
              .where(
                and(
                  eq(paymentNotifications.orderId, orderId),
                  eq(paymentNotifications.transactionStatus, "refund"),
                ),
              )
          )[0]?.outcome ?? null,
        { timeout: 5000 },
      )
      .toBe("ignored:not_paid");
    const lines = await t.ctx.db.db
      .select()
      .from(creditSpends)
      .where(and(eq(creditSpends.userId, u), eq(creditSpends.reason, "payment_refund")));
    expect(lines).toHaveLength(1);
    t.actAs({ userId: admin, isAdmin: true });
    const again = await t.client.raw(api.adminPayments.refund, {
      params: { orderId },
      body: { reason: "lagi" },
    });
    expect(again.status).toBe(409);
  });

  it("a virtual account order needs the manual path; the simulator is never asked", async () => {
    const { u, orderId } = await paidInSimulator("bca_va");
    t.actAs({ userId: await newUser("admin"), isAdmin: true });
    const refused = await t.client.raw(api.adminPayments.refund, {
      params: { orderId },
      body: { reason: "Transfer balik" },
    });
    expect(refused.status).toBe(409);
    expect(await balance(u)).toBe(200);
    const manual = await t.client.call(api.adminPayments.refund, {
      params: { orderId },
      body: { reason: "Transfer balik ke BCA", manual: true },
    });
    expect(manual.status).toBe(200);
    expect(await balance(u)).toBe(0);
    expect(await t.ctx.services.simulator.status(orderId)).toMatchObject({
      transaction_status: "settlement",
    });
  });
});
