import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiContract as api, referralStatsSchema, type ReferralStats } from "@rupa/shared";
import { paymentServerForFile } from "../../../test/fake-midtrans";
import { testDriver } from "../../../test/harness";
import { creditLots, mailOutbox, referrals, results } from "../../db/schema";
import { notificationSignature } from "../../infra/payments/midtrans";
import { newObjectKey } from "../../infra/storage/storage";

/**
 * The referral rule (docs/product/referrals.md, issue 33): a friend's first avatar counts toward
 * the referrer's premium unlock and pays no credits; the friend's first purchase pays the
 * referrer `referral_reward_credits` once, in the payment's grant transaction, however often
 * and however concurrently the gateway's notification arrives; later purchases pay nothing.
 */
const SERVER_KEY = "SB-Mid-server-referrals-0123456789";
const { t, fake } = paymentServerForFile(SERVER_KEY);

const db = () => t.ctx.db.db;

const newMember = () => t.insertUser({ fullName: "Rina Kusuma" });

/** A referrer and `n` confirmed friends who signed up with their code (pending referrals). */
async function referrerWith(n: number) {
  const referrer = await newMember();
  const friends: string[] = [];
  for (let i = 0; i < n; i++) {
    const friend = await newMember();
    await db().insert(referrals).values({ referrerId: referrer, referredId: friend });
    friends.push(friend);
  }
  return { referrer, friends };
}

/** The friend's avatar finished (as the generation worker leaves it, then tells referrals). */
async function firstAvatar(userId: string) {
  await db()
    .insert(results)
    .values({ userId, imageKey: newObjectKey({ kind: "user", id: userId }, "jpg") });
  await t.ctx.services.referrals.onFirstAvatar(userId);
}

const balance = async (userId: string) => (await t.ctx.services.credits.summary(userId)).balance;
const rewardLots = (userId: string) =>
  db()
    .select()
    .from(creditLots)
    .where(and(eq(creditLots.userId, userId), eq(creditLots.source, "referral_reward")));
const referralOf = async (friend: string) =>
  (await db().select().from(referrals).where(eq(referrals.referredId, friend)))[0]!;

async function card(userId: string): Promise<ReferralStats> {
  t.actAs({ userId });
  try {
    const res = await t.client.call(api.referrals.mine);
    expect(res.status).toBe(200);
    return referralStatsSchema.parse(res.body);
  } finally {
    t.actAs(null);
  }
}

/** The friend starts buying a plan; returns the order id. */
async function buy(userId: string, planId = "starter_monthly"): Promise<string> {
  t.actAs({ userId });
  try {
    // From the web app, as a browser sends it.
    const origin = new URL(t.ctx.env.PUBLIC_URL).origin;
    const res = await t.client.call(api.payments.create, {
      body: { planId },
      headers: { origin, "sec-fetch-site": "same-origin" },
    });
    expect(res.status).toBe(200);
    return res.body.orderId;
  } finally {
    t.actAs(null);
  }
}

/** The gateway settles the order; its signed notification arrives `copies` times at once. */
async function settle(orderId: string, copies = 1): Promise<string[]> {
  const order = fake.orders.get(orderId) as { transaction_details: { gross_amount: number } };
  const body = {
    status_code: "200",
    status_message: "Success, transaction is found",
    transaction_id: randomUUID(),
    order_id: orderId,
    gross_amount: `${order.transaction_details.gross_amount}.00`,
    currency: "IDR",
    payment_type: "qris",
    transaction_time: "2026-11-27 10:00:00",
    transaction_status: "settlement",
    fraud_status: "accept",
  };
  fake.setTransaction(orderId, body);
  const signed = { ...body, signature_key: notificationSignature(body, SERVER_KEY) };
  const answers = await Promise.all(
    Array.from({ length: copies }, () =>
      t.client.call(api.payments.notification, { body: signed }),
    ),
  );
  expect(answers.map((r) => r.status)).toEqual(Array(copies).fill(200));
  return answers.map((r) => r.body.outcome);
}

describe(`referral rewards on ${testDriver()}`, () => {
  it("lists each friend with what they still need, and tells the referrer when a reward lands", async () => {
    const { referrer, friends } = await referrerWith(2);
    const [first, second] = friends as [string, string];
    const step = async () =>
      (await card(referrer)).friends.map((f) => [f.name, f.firstAvatar, f.firstPurchase]);
    expect(await step()).toEqual([
      ["Rina K.", false, false],
      ["Rina K.", false, false],
    ]);

    await firstAvatar(first);
    const afterAvatar = (await card(referrer)).friends;
    expect(afterAvatar.map((f) => f.firstAvatar).sort()).toEqual([false, true]);
    expect(afterAvatar.every((f) => f.confirmed && !f.firstPurchase)).toBe(true);

    // Nothing paid yet: no news for the referrer's app.
    t.actAs({ userId: referrer });
    expect((await t.client.call(api.account.me)).body.referralRewards).toEqual([]);
    t.actAs(null);

    await settle(await buy(second));
    const paid = (await card(referrer)).friends;
    expect(paid.map((f) => [f.firstAvatar, f.firstPurchase, f.creditsAwarded]).sort()).toEqual([
      [false, true, 5],
      [true, false, 0],
    ]);
    // The in-app notice (read with the account) and the e-mail, in the referrer's language.
    t.actAs({ userId: referrer });
    const me = (await t.client.call(api.account.me)).body;
    t.actAs(null);
    expect(me.referralRewards?.map((r) => r.credits)).toEqual([5]);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `${referrer}@example.com`));
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ["referral-reward", "Kamu dapat 5 kredit dari undangan teman"],
    ]);
  });

  it("a friend's first avatar pays no credits but counts toward the premium unlock", async () => {
    const { referrer, friends } = await referrerWith(3);
    expect(await t.ctx.services.settings.getInt("referral_reward_every")).toBe(3);
    for (const friend of friends) await firstAvatar(friend);
    // A second avatar (and a second call at once) changes nothing.
    await Promise.all([firstAvatar(friends[0]!), firstAvatar(friends[0]!)]);

    expect(await balance(referrer)).toBe(0);
    expect(await rewardLots(referrer)).toEqual([]);
    for (const friend of friends) {
      expect(await referralOf(friend)).toMatchObject({
        status: "completed",
        creditsAwarded: 0,
        creditedAt: null,
      });
    }
    expect(await card(referrer)).toMatchObject({
      total: 3,
      completed: 3,
      pending: 0,
      creditsEarned: 0,
      progress: 3,
      rewardEvery: 3,
      rewardCredits: 5,
      premiumUnlocked: true,
    });
  });

  it("a friend's first purchase pays the referrer once, however often the notification comes", async () => {
    const { referrer, friends } = await referrerWith(1);
    const friend = friends[0]!;
    const orderId = await buy(friend);
    // Eight copies at once, then one more later: one grant, one reward.
    const outcomes = await settle(orderId, 8);
    expect(outcomes.filter((o) => o === "granted")).toHaveLength(1);
    expect(await settle(orderId)).toEqual(["ignored:already_paid"]);

    expect(await balance(friend)).toBe(25);
    expect(await balance(referrer)).toBe(5);
    const lots = await rewardLots(referrer);
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({
      amount: 5,
      watermarked: false,
      expiresAt: null,
      description: "Referral reward: a friend's first purchase",
    });
    expect(await referralOf(friend)).toMatchObject({
      status: "credited",
      creditsAwarded: 5,
      rewardLotId: lots[0]!.id,
      completedAt: null, // no avatar yet: bought, not counted toward premium
    });
    expect(await card(referrer)).toMatchObject({
      completed: 0,
      pending: 1,
      creditsEarned: 5,
      premiumUnlocked: false,
    });

    // A second purchase pays nothing more; the first avatar afterwards still counts.
    const again = await buy(friend, "pro_monthly");
    expect(await settle(again, 3)).toContain("granted");
    expect(await balance(referrer)).toBe(5);
    expect(await rewardLots(referrer)).toHaveLength(1);
    await firstAvatar(friend);
    expect(await referralOf(friend)).toMatchObject({ status: "credited", creditsAwarded: 5 });
    expect(await card(referrer)).toMatchObject({ completed: 1, pending: 0, creditsEarned: 5 });
  });

  it("two first purchases of one friend settled at the same moment pay the referrer once", async () => {
    const { referrer, friends } = await referrerWith(1);
    const friend = friends[0]!;
    const a = await buy(friend, "starter_monthly");
    const b = await buy(friend, "pro_monthly");
    const [ra, rb] = await Promise.all([settle(a, 3), settle(b, 3)]);
    expect([...ra, ...rb].filter((o) => o === "granted")).toHaveLength(2);
    expect(await balance(friend)).toBe(225);
    expect(await balance(referrer)).toBe(5);
    expect(await rewardLots(referrer)).toHaveLength(1);
  });

  it("pays each friend's first purchase (not per group), and nothing for a friend who was not referred", async () => {
    const { referrer, friends } = await referrerWith(2);
    for (const friend of friends) await settle(await buy(friend));
    expect(await balance(referrer)).toBe(10);
    const stranger = await newMember();
    await settle(await buy(stranger));
    expect(await balance(stranger)).toBe(25);
    expect(await balance(referrer)).toBe(10);
  });

  it("leaves a referral paid under the earlier rule as it is: the friend's purchase pays nothing", async () => {
    const { referrer, friends } = await referrerWith(1);
    const friend = friends[0]!;
    await db()
      .update(referrals)
      .set({ status: "credited", completedAt: new Date(), creditedAt: new Date() })
      .where(eq(referrals.referredId, friend));
    await settle(await buy(friend));
    expect(await balance(referrer)).toBe(0);
    expect(await referralOf(friend)).toMatchObject({ status: "credited", creditsAwarded: 0 });
  });
});
