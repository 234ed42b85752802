import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiContract as api,
  adminReferralsPageSchema,
  adminReferralStatsSchema,
  manualRewardResponseSchema,
  processRewardsResponseSchema,
} from "@rupa/shared";
import { testServerForFile, testDriver } from "../../../../test/harness";
import { auditLog, creditLots, payments, referrals, users } from "../../../db/schema";

const t = testServerForFile({ startQueue: false });
let adminId: string;

const db = () => t.ctx.db.db;

async function insertUser(tag: string): Promise<{ id: string; email: string }> {
  const id = `u_${randomUUID()}`;
  const email = `${tag}-${id.slice(2, 10)}@example.com`;
  await db().insert(users).values({ id, email, fullName: tag, emailVerified: true });
  return { id, email };
}

/**
 * A referrer with `n` referrals completed (the friend's first avatar) and not paid. With
 * `bought`, each friend also has a paid order whose reward was never paid: as a purchase leaves
 * it when rewards were paused at 0, or when it came before the first-purchase rule.
 */
async function referrerWithCompleted(n: number, tag = "referrer", bought = false) {
  const referrer = await insertUser(tag);
  const friends = [];
  for (let i = 0; i < n; i++) {
    const friend = await insertUser(`${tag}-friend${i}`);
    await db()
      .insert(referrals)
      .values({
        referrerId: referrer.id,
        referredId: friend.id,
        status: "completed",
        completedAt: new Date(Date.now() - (n - i) * 1000),
      });
    if (bought) await paidOrder(friend.id);
    friends.push(friend);
  }
  return { referrer, friends };
}

/** A settled order of the user, as the payments module's grant leaves it. */
async function paidOrder(userId: string, status = "settlement") {
  await db()
    .insert(payments)
    .values({
      orderId: `RUPA-TEST-${randomUUID()}`,
      userId,
      planId: "starter_monthly",
      planName: "Starter",
      billingCycle: "monthly",
      credits: 25,
      validityDays: 30,
      amountIdr: 39_000,
      gateway: "midtrans",
      status,
      paidAt: new Date(),
      creditedAt: new Date(),
    });
}

const balance = async (userId: string) => (await t.ctx.services.credits.summary(userId)).balance;
const lotsOf = (userId: string) =>
  db().select().from(creditLots).where(eq(creditLots.userId, userId));
const process = async () => {
  const res = await t.client.call(api.adminReferrals.processRewards);
  expect(res.status).toBe(200);
  return processRewardsResponseSchema.parse(res.json);
};

beforeAll(async () => {
  adminId = (await insertUser("admin")).id;
  t.actAs({ userId: adminId, isAdmin: true });
});

describe(`admin referrals (${testDriver()})`, () => {
  it("pays each friend's purchase left unpaid once, credits the referral, and audits the reward", async () => {
    const { referrer, friends } = await referrerWithCompleted(3, "referrer", true);
    const before = await balance(referrer.id);

    const first = await process();
    expect(first.processed).toBeGreaterThanOrEqual(3);
    expect(await balance(referrer.id)).toBe(before + 15);
    const lots = (await lotsOf(referrer.id)).filter((l) => l.source === "referral_reward");
    expect(lots).toHaveLength(3);
    expect(lots.every((l) => l.amount === 5 && !l.watermarked)).toBe(true);

    const rows = await db()
      .select()
      .from(referrals)
      .where(
        inArray(
          referrals.referredId,
          friends.map((f) => f.id),
        ),
      );
    expect(rows.every((r) => r.status === "credited" && r.creditsAwarded === 5)).toBe(true);
    expect(new Set(rows.map((r) => r.rewardLotId))).toEqual(new Set(lots.map((l) => l.id)));

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "referral.reward_paid"), eq(auditLog.actorId, adminId)));
    const mine = audit.filter(
      (a) => (a.after as { referrerId?: string }).referrerId === referrer.id,
    );
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({ entityType: "referral", before: { status: "completed" } });

    // Pressed again: nothing left to pay.
    expect(await process()).toEqual({ processed: 0, referrers: 0, credits: 0 });
    expect(await balance(referrer.id)).toBe(before + 15);
  });

  it("two presses at once pay each reward once", async () => {
    const { referrer } = await referrerWithCompleted(6, "busy", true);
    const [a, b] = await Promise.all([process(), process()]);
    expect(a.processed + b.processed).toBe(6);
    expect(await balance(referrer.id)).toBe(30);
    expect((await lotsOf(referrer.id)).filter((l) => l.source === "referral_reward")).toHaveLength(
      6,
    );
  });

  it("pays nothing for friends who made an avatar but never bought, or whose purchase was refunded", async () => {
    const stats = async () =>
      adminReferralStatsSchema.parse((await t.client.call(api.adminReferrals.stats)).body);
    const before = await stats();
    const { referrer, friends } = await referrerWithCompleted(3, "short");
    await paidOrder(friends[0]!.id, "refund");
    expect((await process()).processed).toBe(0);
    expect(await balance(referrer.id)).toBe(0);
    const after = await stats();
    expect(after.completed).toBe(before.completed + 3);
    expect(after.unpaid).toBe(before.unpaid);
    expect(after).toMatchObject({ rewardEvery: 3, rewardCredits: 5 });
    // A paid order makes one due: counted as unpaid until Process Rewards pays it.
    await paidOrder(friends[1]!.id);
    expect((await stats()).unpaid).toBe(before.unpaid + 1);
    expect((await process()).processed).toBe(1);
    expect(await balance(referrer.id)).toBe(5);
  });

  it("lists the activity paged, searched by e-mail, filtered by status and sorted", async () => {
    const { referrer, friends } = await referrerWithCompleted(2, "listed");
    const pending = await insertUser("listed-pending");
    await db().insert(referrals).values({ referrerId: referrer.id, referredId: pending.id });

    const res = await t.client.call(api.adminReferrals.list, {
      query: { q: referrer.email, pageSize: "10" },
    });
    expect(res.status).toBe(200);
    const page = adminReferralsPageSchema.parse(res.json);
    expect(page.total).toBe(3);
    expect(page.items.every((r) => r.referrer.email === referrer.email)).toBe(true);

    const byFriend = adminReferralsPageSchema.parse(
      (await t.client.call(api.adminReferrals.list, { query: { q: friends[0]!.email } })).body,
    );
    expect(byFriend.items.map((r) => r.referred.id)).toEqual([friends[0]!.id]);

    const onlyPending = adminReferralsPageSchema.parse(
      (
        await t.client.call(api.adminReferrals.list, {
          query: { status: "pending", q: referrer.email },
        })
      ).body,
    );
    expect(onlyPending.items.map((r) => r.referred.email)).toEqual([pending.email]);
    expect(onlyPending.items[0]!.completedAt).toBeNull();

    const sorted = adminReferralsPageSchema.parse(
      (
        await t.client.call(api.adminReferrals.list, {
          query: { sort: "completedAt.asc", q: referrer.email },
        })
      ).body,
    );
    expect(sorted.items.map((r) => r.referred.id)).toEqual([
      friends[0]!.id,
      friends[1]!.id,
      pending.id,
    ]);

    const paged = adminReferralsPageSchema.parse(
      (await t.client.call(api.adminReferrals.list, { query: { pageSize: "10", page: "2" } })).body,
    );
    expect(paged.page).toBe(2);

    for (const bad of ["pageSize=7", "sort=referrer.asc", "status=paid", "page=0"]) {
      expect((await t.client.raw(`/api/admin/referrals?${bad}`)).status, bad).toBe(400);
    }
  });

  it("grants a manual reward to a user found by e-mail, as a ledger lot with its audit row", async () => {
    const member = await insertUser("lucky");
    const res = await t.client.call(api.adminReferrals.manualReward, {
      body: {
        email: member.email.toUpperCase(),
        amount: 5,
      },
    });
    expect(res.status).toBe(200);
    expect(manualRewardResponseSchema.parse(res.json)).toEqual({
      userId: member.id,
      email: member.email,
      balance: 5,
      granted: 5,
    });
    const lots = await lotsOf(member.id);
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({
      source: "manual_reward",
      amount: 5,
      watermarked: false,
      grantedBy: adminId,
      description: "Manual referral reward",
    });
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, member.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      action: "user.credits_added",
      entityType: "user",
      before: { balance: 0 },
    });
  });

  it("refuses bad input and unknown e-mails, changing nothing", async () => {
    const member = await insertUser("refused");
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ email: member.email }, 400],
      [{ email: member.email, amount: 0 }, 400],
      [{ email: member.email, amount: -5 }, 400],
      [{ email: member.email, amount: 2.5 }, 400],
      [{ email: member.email, amount: "5" }, 400],
      [{ email: member.email, amount: 100_000 }, 400],
      [{ email: "not-an-email", amount: 5 }, 400],
      [{ email: member.email, amount: 5, reason: "x" }, 400],
      ["{not json", 400],
      [{ email: "nobody-here@example.com", amount: 5 }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await t.client.raw(
        api.adminReferrals.manualReward,
        typeof body === "string" ? { rawBody: body } : { body },
      );
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (status === 404) {
        expect(res.error.message).toBe("User not found");
      }
    }
    expect(await lotsOf(member.id)).toHaveLength(0);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, member.id))).toHaveLength(
      0,
    );
  });
});
