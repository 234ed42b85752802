import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fakeAudit, fakeCredits, fakeTransactor } from "../../../test/fakes";
import type { ReferralsRepository } from "./referrals.repository";
import { createReferralsService, friendName } from "./referrals.service";

/**
 * The reward rule (docs/product/referrals.md) against the fakes kit, with the real credits
 * service behind it: a friend's first purchase pays their referrer once, Process Rewards pays
 * every due referral once with its audit row, and a referral paid already pays nothing more.
 * The same flows run on real databases in referrals.int.test.ts and payments.int.test.ts.
 */
interface Referral {
  id: string;
  referrerId: string;
  referredId: string;
  status: "pending" | "completed" | "credited";
  credited: boolean;
  /** The friend has a paid purchase (what makes a reward due for Process Rewards). */
  purchased: boolean;
  rewardLotId: string | null;
}

function world() {
  const rows: Referral[] = [];
  const locked: string[] = [];
  const transactor = fakeTransactor();
  const credits = fakeCredits();
  const audit = fakeAudit();
  const referrals = {
    lockReferrer(tx, referrerId) {
      expect(tx).toBe(transactor.tx);
      locked.push(referrerId);
      return Promise.resolve();
    },
    claimReward(_tx, id) {
      const r = rows.find((x) => x.id === id)!;
      if (r.credited) return Promise.resolve(false);
      Object.assign(r, { credited: true, status: "credited" });
      return Promise.resolve(true);
    },
    setRewardLot(_tx, id, lotId) {
      rows.find((x) => x.id === id)!.rewardLotId = lotId;
      return Promise.resolve();
    },
    unpaidOf: (_tx, referredId) =>
      Promise.resolve(rows.find((r) => r.referredId === referredId && !r.credited) ?? null),
    dueUnpaidOf: (_tx, referrerId) =>
      Promise.resolve(
        rows.filter((r) => r.referrerId === referrerId && r.purchased && !r.credited),
      ),
  } as Partial<ReferralsRepository> as ReferralsRepository;
  const mails: { to: string; subject: string }[] = [];
  const service = createReferralsService({
    db: transactor.db,
    referrals,
    accounts: {
      findById: (id: string) =>
        Promise.resolve({ id, email: `${id}@rupa.test`, preferredLanguage: "id" }),
    } as never,
    settings: {} as never,
    credits: credits.service,
    audit,
    send: (mail) => {
      mails.push({ to: mail.to, subject: mail.subject });
      return Promise.resolve();
    },
    log: { warn: () => undefined },
    publicUrl: "http://localhost:3000",
  });
  const refer = (referrerId: string, over: Partial<Referral> = {}): Referral => {
    const r: Referral = {
      id: randomUUID(),
      referrerId,
      referredId: randomUUID(),
      status: "completed",
      credited: false,
      purchased: false,
      rewardLotId: null,
      ...over,
    };
    rows.push(r);
    return r;
  };
  return { service, transactor, credits, audit, rows, locked, refer, mails };
}

const actor = { userId: "admin-1", ip: "203.0.113.9", userAgent: "vitest" };

describe("a friend's first purchase", () => {
  it("pays the referrer the reward once, as a lot that says why, and never again", async () => {
    const w = world();
    const r = w.refer("referrer-1");
    const tx = w.transactor.tx;
    expect(await w.service.rewardFirstPurchase(tx, r.referredId, 5)).toBe(true);
    expect(w.locked).toEqual(["referrer-1"]);
    expect(w.credits.lots).toEqual([
      expect.objectContaining({
        userId: "referrer-1",
        source: "referral_reward",
        amount: 5,
        watermarked: false,
        description: "Referral reward: a friend's first purchase",
      }),
    ]);
    expect(r).toMatchObject({ status: "credited", rewardLotId: w.credits.lots[0]!.id });

    // A second purchase (or the same notification again) finds the referral paid.
    expect(await w.service.rewardFirstPurchase(tx, r.referredId, 5)).toBe(false);
    expect(w.credits.lots).toHaveLength(1);
  });

  it("pays nothing for a friend nobody referred", async () => {
    const w = world();
    expect(await w.service.rewardFirstPurchase(w.transactor.tx, randomUUID(), 5)).toBe(false);
    expect(w.locked).toEqual([]);
    expect(w.credits.written).toEqual([]);
  });
});

describe("Process Rewards", () => {
  it("pays every due referral of the referrer once, each with its audit row, in one transaction", async () => {
    const w = world();
    const due = [
      w.refer("referrer-2", { purchased: true }),
      w.refer("referrer-2", { purchased: true }),
    ];
    w.refer("referrer-2"); // no purchase yet: not due
    w.refer("referrer-2", { purchased: true, credited: true, status: "credited" }); // paid already
    const opened = w.transactor.opened;

    expect(await w.service.payDueRewards("referrer-2", 5, actor)).toBe(2);
    expect(w.transactor.opened).toBe(opened + 1);
    expect(w.credits.written.map((l) => [l.userId, l.delta])).toEqual([
      ["referrer-2", 5],
      ["referrer-2", 5],
    ]);
    expect(w.audit.rows.map((a) => [a.action, a.entityId, a.after?.credits])).toEqual(
      due.map((r) => ["referral.reward_paid", r.id, 5]),
    );

    // The referrer hears of both rewards in one mail, after the commit.
    expect(w.mails).toEqual([
      { to: "referrer-2@rupa.test", subject: "Kamu dapat 10 kredit dari undangan teman" },
    ]);

    // A second press finds them paid, and mails nothing.
    expect(await w.service.payDueRewards("referrer-2", 5, actor)).toBe(0);
    expect(w.credits.written).toHaveLength(2);
    expect(w.mails).toHaveLength(1);
  });

  it("writes nothing when its transaction is refused", async () => {
    const w = world();
    w.refer("referrer-3", { purchased: true });
    w.transactor.failNext();
    await expect(w.service.payDueRewards("referrer-3", 5, actor)).rejects.toThrow();
    expect(w.credits.written).toEqual([]);
    expect(w.audit.rows).toEqual([]);
    expect(w.mails).toEqual([]);
  });
});

describe("friendName", () => {
  it("is the first name and the last name's initial, never more", () => {
    expect(friendName("Gina Rupa")).toBe("Gina R.");
    expect(friendName("  siti  nur   aisyah ")).toBe("siti A.");
    expect(friendName("Budi")).toBe("Budi");
    expect(friendName("")).toBe("");
  });
});
