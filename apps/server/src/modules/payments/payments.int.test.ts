import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { apiContract as api, plansResponseSchema, type Order } from "@rupa/shared";
import { paymentServerForFile } from "../../../test/fake-midtrans";
import { testDriver } from "../../../test/harness";
import {
  creditLots,
  mailOutbox,
  paymentNotifications,
  payments,
  securityEvents,
} from "../../db/schema";
import { notificationSignature } from "../../infra/payments/midtrans";

/**
 * Buying credits against a local fake of Midtrans (issue 12): the price comes from the server,
 * credits come only from a signed notification that the status API confirms, exactly once.
 */
const SERVER_KEY = "SB-Mid-server-test-key-0123456789";
const { t, fake } = paymentServerForFile(SERVER_KEY);

const newMember = () => t.insertUser({ fullName: "Sari Wulandari" });
const as = (userId: string | null) => t.actAs(userId ? { userId } : {});
async function balance(userId: string): Promise<number> {
  return (await t.ctx.services.credits.summary(userId)).balance;
}
async function buy(userId: string, planId = "pro_monthly") {
  as(userId);
  const res = await t.client.call(api.payments.create, { body: { planId } });
  expect(res.status).toBe(200);
  return res.body;
}
async function order(userId: string, orderId: string): Promise<Order> {
  as(userId);
  const res = await t.client.call(api.payments.order, { params: { orderId } });
  expect(res.status).toBe(200);
  return res.body.order;
}

/** A transaction as Midtrans' status API and notifications describe it. */
function tx(orderId: string, status: string, extra: Record<string, string> = {}) {
  const statusCode =
    { settlement: "200", capture: "200", pending: "201", deny: "202", expire: "407" }[status] ??
    "200";
  return {
    status_code: statusCode,
    status_message: "Success, transaction is found",
    transaction_id: randomUUID(),
    order_id: orderId,
    gross_amount: "199000.00",
    currency: "IDR",
    payment_type: "qris",
    transaction_time: "2026-11-24 10:00:00",
    transaction_status: status,
    fraud_status: "accept",
    ...extra,
  };
}
function signed(body: ReturnType<typeof tx>, key = SERVER_KEY) {
  return { ...body, signature_key: notificationSignature(body, key) };
}
/** Midtrans' notification, whatever its body (sent as JSON, as Midtrans sends it). */
async function notify(body: unknown) {
  t.actAs(null);
  return t.client.raw(api.payments.notification, { body });
}

describe(`buying credits with Midtrans on ${testDriver()}`, () => {
  beforeEach(() => t.actAs(null));

  it("lists the plans priced on the server, with yearly savings, and says checkout works", async () => {
    const res = await t.client.call(api.payments.plans);
    expect(res.status).toBe(200);
    const body = plansResponseSchema.parse(res.json);
    expect(body.checkout).toEqual({ available: true, simulated: false });
    const pro = body.plans.find((p) => p.id === "pro_monthly")!;
    expect(pro).toMatchObject({ credits: 200, priceIdr: 199000, pricePerCreditIdr: 995 });
    const proYearly = body.plans.find((p) => p.id === "pro_yearly")!;
    expect(proYearly.savingsIdr).toBe(199000 * 12 - proYearly.priceIdr);
    expect(proYearly.discountPercent).toBe(20);
  });

  it("refuses visitors and unknown plans, and takes the price from the plan, not the buyer", async () => {
    expect(
      (await t.client.call(api.payments.create, { body: { planId: "pro_monthly" } })).status,
    ).toBe(401);
    const u = await newMember();
    as(u);
    expect(
      (await t.client.call(api.payments.create, { body: { planId: "gold_monthly" } })).status,
    ).toBe(400);
    // A well-formed id of a plan the admins took off sale.
    const onSale = JSON.parse(await t.ctx.services.settings.get("subscription_plans")) as {
      id: string;
    }[];
    await t.ctx.services.settings.set(
      "subscription_plans",
      JSON.stringify(onSale.filter((p) => p.id !== "business_yearly")),
      null,
    );
    const unknown = await t.client.call(api.payments.create, {
      body: { planId: "business_yearly" },
    });
    await t.ctx.services.settings.set("subscription_plans", JSON.stringify(onSale), null);
    expect(unknown.status).toBe(404);
    expect(unknown.error.code).toBe("plan_not_found");
    const res = await t.client.raw(api.payments.create, {
      body: { planId: "starter_monthly", amount: 1, credits: 9999 },
    });
    expect(res.status).toBe(200);
    const created = res.body;
    expect(created.redirect_url).toMatch(/^https:\/\/app\.sandbox\.midtrans\.com\/snap\//);
    const sent = fake.orders.get(created.orderId) as {
      transaction_details: { gross_amount: number };
      enabled_payments: string[];
      callbacks: { finish: string };
      item_details: { name: string }[];
    };
    expect(sent.transaction_details.gross_amount).toBe(39000);
    expect(sent.enabled_payments[0]).toBe("other_qris");
    expect(sent.enabled_payments).toEqual(expect.arrayContaining(["gopay", "bca_va", "echannel"]));
    expect(sent.item_details[0]!.name).toBe("Starter - Bulanan");
    expect(sent.callbacks.finish).toMatch(/\/credits$/);
    const o = await order(u, created.orderId);
    expect(o).toMatchObject({ state: "pending", amountIdr: 39000, credits: 25 });
  });

  it("reopens the payable order for the same plan instead of starting another", async () => {
    const u = await newMember();
    const first = await buy(u);
    const again = await buy(u);
    expect(again).toMatchObject({ orderId: first.orderId, reused: true });
    expect(again.redirect_url).toBe(first.redirect_url);
    const other = await buy(u, "pro_yearly");
    expect(other.orderId).not.toBe(first.orderId);
  });

  it("grants once however many identical notifications arrive at the same time", async () => {
    const u = await newMember();
    const { orderId } = await buy(u);
    fake.setTransaction(orderId, tx(orderId, "settlement"));
    const body = signed(tx(orderId, "settlement"));
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(body)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const outcomes = answers.map((r) => r.body);
    expect(outcomes.filter((o) => o.outcome === "granted")).toHaveLength(1);
    expect(await balance(u)).toBe(200);
    const lots = await t.ctx.db.db.select().from(creditLots).where(eq(creditLots.userId, u));
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({ source: "purchase", amount: 200, watermarked: false });
    const days = (lots[0]!.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const stored = await t.ctx.db.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, orderId));
    expect(stored).toHaveLength(20);
    const receipts = await t.ctx.db.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.toAddress, `${u}@example.com`), eq(mailOutbox.kind, "payment-receipt")),
      );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.textBody).toContain(orderId);

    const o = await order(u, orderId);
    expect(o).toMatchObject({ state: "paid", creditsRemaining: 200, checkoutUrl: null });
    as(u);
    const sub = (await t.client.call(api.payments.subscription)).body;
    expect(sub).toMatchObject({
      subscribed: true,
      tier: "pro",
      billingCycle: "monthly",
      creditsPerPeriod: 200,
    });
    expect(new Date(sub.nextCreditDate!).getTime()).toBe(lots[0]!.expiresAt!.getTime());
    const expiring = (await t.client.call(api.payments.expiring)).body;
    expect(expiring.lots).toEqual([expect.objectContaining({ amount: 200, remaining: 200 })]);
  });

  it("refuses a forged signature, records it, and grants nothing", async () => {
    const u = await newMember();
    const { orderId } = await buy(u);
    fake.setTransaction(orderId, tx(orderId, "settlement"));
    const res = await notify(signed(tx(orderId, "settlement"), "not-the-server-key"));
    expect(res.status).toBe(401);
    expect(await balance(u)).toBe(0);
    const events = await t.ctx.db.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.type, "api_abuse"));
    expect(events.some((e) => JSON.stringify(e.details).includes(orderId))).toBe(true);
    expect((await notify({ order_id: orderId, hello: "world" })).status).toBe(400);
    expect((await notify("not json")).status).toBe(400);
    expect(await balance(u)).toBe(0);
    // The buyer's own page asks the status API, which does settle it.
    expect((await order(u, orderId)).state).toBe("paid");
    expect(await balance(u)).toBe(200);
  });

  it("believes the status API, not the notification: a signed settlement the API calls pending grants nothing", async () => {
    const u = await newMember();
    const { orderId } = await buy(u);
    fake.setTransaction(orderId, tx(orderId, "pending"));
    const res = await notify(signed(tx(orderId, "settlement")));
    expect(res.status).toBe(200);
    expect(await balance(u)).toBe(0);
    expect((await order(u, orderId)).state).toBe("pending");
  });

  it("grants nothing when the confirmed amount differs from the order's", async () => {
    const u = await newMember();
    const { orderId } = await buy(u);
    const cheap = tx(orderId, "settlement", { gross_amount: "1000.00" });
    fake.setTransaction(orderId, cheap);
    const res = await notify(signed(cheap));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe("ignored:amount_mismatch");
    expect(await balance(u)).toBe(0);
  });

  it("answers an unknown order with 200 so Midtrans stops retrying, and changes nothing", async () => {
    const body = signed(tx("RUPA-ZZZZZZZZ-ZZZZZZZZ", "settlement"));
    const res = await notify(body);
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe("unknown_order");
  });

  it("ends a captured payment the fraud check denied without granting", async () => {
    const u = await newMember();
    const { orderId } = await buy(u);
    const denied = tx(orderId, "capture", { fraud_status: "deny", payment_type: "credit_card" });
    fake.setTransaction(orderId, denied);
    expect((await notify(signed(denied))).status).toBe(200);
    expect(await balance(u)).toBe(0);
    expect((await order(u, orderId)).state).toBe("failed");
  });

  it("keeps a paid order paid when a late pending notification arrives", async () => {
    const u = await newMember();
    const { orderId } = await buy(u);
    fake.setTransaction(orderId, tx(orderId, "settlement"));
    await notify(signed(tx(orderId, "settlement")));
    fake.setTransaction(orderId, tx(orderId, "pending"));
    expect((await notify(signed(tx(orderId, "pending")))).status).toBe(200);
    expect((await order(u, orderId)).state).toBe("paid");
    expect(await balance(u)).toBe(200);
  });

  it("never grants an expired order, even if a settlement is reported later", async () => {
    const u = await newMember();
    const { orderId } = await buy(u);
    fake.setTransaction(orderId, tx(orderId, "expire"));
    expect((await notify(signed(tx(orderId, "expire")))).status).toBe(200);
    expect((await order(u, orderId)).state).toBe("expired");
    fake.setTransaction(orderId, tx(orderId, "settlement"));
    await notify(signed(tx(orderId, "settlement")));
    expect((await order(u, orderId)).state).toBe("expired");
    expect(await balance(u)).toBe(0);
  });

  it("revokes what is left of the credits when the payment is refunded", async () => {
    const u = await newMember();
    const { orderId } = await buy(u);
    fake.setTransaction(orderId, tx(orderId, "settlement"));
    await notify(signed(tx(orderId, "settlement")));
    await t.ctx.services.credits.spend(u, 3, "avatar", "three avatars");
    expect(await balance(u)).toBe(197);
    fake.setTransaction(orderId, tx(orderId, "refund"));
    expect((await notify(signed(tx(orderId, "refund")))).status).toBe(200);
    expect(await balance(u)).toBe(0);
    expect((await order(u, orderId)).state).toBe("refunded");
    expect(await t.ctx.services.credits.hasActivePlan(u)).toBe(false);
    as(u);
    const sub = (await t.client.call(api.payments.subscription)).body;
    expect(sub.subscribed).toBe(false);
  });

  it("answers 503 while the status API is down, and the sweeper settles the order later", async () => {
    const u = await newMember();
    const { orderId } = await buy(u);
    fake.setTransaction(orderId, tx(orderId, "settlement"));
    fake.failNext(1);
    expect((await notify(signed(tx(orderId, "settlement")))).status).toBe(503);
    expect(await balance(u)).toBe(0);
    // The notification never comes again; a minute later the sweeper asks by itself.
    await t.ctx.db.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 5 * 60e3), lastCheckedAt: null })
      .where(eq(payments.orderId, orderId));
    const report = await t.ctx.services.payments.sweep();
    expect(report.changed).toBeGreaterThanOrEqual(1);
    expect(await balance(u)).toBe(200);
    expect((await order(u, orderId)).state).toBe("paid");
  });

  it("expires an order nobody paid once its checkout has closed", async () => {
    const u = await newMember();
    const { orderId } = await buy(u, "business_monthly");
    await t.ctx.db.db
      .update(payments)
      .set({
        createdAt: new Date(Date.now() - 26 * 3600e3),
        checkoutExpiresAt: new Date(Date.now() - 2 * 3600e3),
        lastCheckedAt: null,
      })
      .where(eq(payments.orderId, orderId));
    await t.ctx.services.payments.sweep();
    expect((await order(u, orderId)).state).toBe("expired");
  });

  it("shows an order only to its buyer, and the history newest first", async () => {
    const u = await newMember();
    const stranger = await newMember();
    const { orderId } = await buy(u);
    as(stranger);
    expect((await t.client.call(api.payments.order, { params: { orderId } })).status).toBe(404);
    expect(
      (await t.client.call(api.payments.order, { params: { orderId: "not-an-order" } })).status,
    ).toBe(404);
    as(u);
    const list = (await t.client.call(api.payments.orders, { query: { limit: "10" } })).body;
    expect(list.orders.map((o) => o.orderId)).toEqual([orderId]);
    as(null);
    expect((await t.client.call(api.payments.orders)).status).toBe(401);
  });

  it("answers 502 and leaves no payable order when Midtrans refuses the checkout", async () => {
    const u = await newMember();
    fake.failNext(1);
    as(u);
    const res = await t.client.call(api.payments.create, { body: { planId: "starter_yearly" } });
    expect(res.status).toBe(502);
    expect(res.error.code).toBe("payment_gateway_error");
    expect(await balance(u)).toBe(0);
  });
});
