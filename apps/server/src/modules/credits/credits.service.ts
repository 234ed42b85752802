import type { Transactor, Tx } from "../../infra/db/client";
import {
  type CreditsRepository,
  type GrantInput,
  insufficientCredits,
  paidCreditRequired,
  type SpendReason,
} from "./credits.repository";
import { paidLots, planSpends, refundLot, summarize } from "./credits.rules";

export interface CreditsDeps {
  db: Transactor;
  repo: CreditsRepository;
}

/**
 * The ledger's changes (docs/product/credits-and-plans.md): a grant is a new lot, a spend takes
 * credits from lots in the order credits.rules.ts decides, a refund gives a spend back as one
 * lot, a revoke takes back what a lot still holds. Each locks the user's row first, so changes
 * to one user's credits run one at a time, and runs in the caller's transaction (`tx`) or, when
 * none is given, in one of its own. The reads are the repository's.
 */
export function createCreditsService(d: CreditsDeps) {
  const { repo } = d;
  const inTx = <T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> =>
    tx ? fn(tx) : d.db.transaction(fn);

  async function grant(
    userId: string,
    input: GrantInput,
    tx?: Tx,
  ): Promise<{ lotId: string } | null> {
    if (!Number.isInteger(input.amount) || input.amount <= 0) {
      throw new Error("A grant must be a positive whole number of credits");
    }
    return inTx(tx, async (t) => {
      await repo.lockUser(t, userId);
      return repo.insertLot(t, userId, input);
    });
  }

  /**
   * Several spends under one lock, each its own ledger row (so each can be refunded alone), paid
   * in turn from the same lots: all of them, or insufficient_credits with nothing written.
   */
  async function spendAll(
    userId: string,
    items: { amount: number; reason: SpendReason; description: string }[],
    tx?: Tx,
    from: "any" | "paid" = "any",
  ): Promise<{ spendId: string; watermarked: boolean }[]> {
    return inTx(tx, async (t) => {
      await repo.lockUser(t, userId);
      const now = new Date();
      const held = await repo.heldLots(t, userId, now);
      const plans = planSpends(
        from === "paid" ? paidLots(held) : held,
        items.map((i) => i.amount),
        now,
      );
      if (!plans) throw from === "paid" ? paidCreditRequired() : insufficientCredits();
      const spent: { spendId: string; watermarked: boolean }[] = [];
      for (const [i, plan] of plans.entries()) {
        const { reason, amount, description } = items[i]!;
        const spendId = await repo.insertSpend(
          t,
          userId,
          { reason, amount, watermarked: plan.watermarked, description },
          plan.allocations,
        );
        spent.push({ spendId, watermarked: plan.watermarked });
      }
      return spent;
    });
  }

  return {
    /** The balance, whether it is watermarked credits only, and the next expiry. */
    summary: async (userId: string, now = new Date()) =>
      summarize(await repo.heldLotsNow(userId, now), now),
    summaries: (userIds: string[], now?: Date) => repo.summaries(userIds, now),
    expiringLots: (userId: string, limit: number, now?: Date) =>
      repo.expiringLots(userId, limit, now),
    recentLots: (userId: string, limit?: number) => repo.recentLots(userId, limit),
    hasActivePlan: (userId: string, now?: Date) => repo.hasActivePlan(userId, now),
    userExists: (userId: string) => repo.userExists(userId),

    grant,

    /**
     * Locks the user's row in the caller's transaction (404 when there is no such user) and
     * reads the balance as it stands: nothing else can grant or spend until the transaction ends.
     */
    async lockedBalance(tx: Tx, userId: string, now = new Date()): Promise<number> {
      await repo.lockUser(tx, userId);
      return summarize(await repo.heldLots(tx, userId, now), now).balance;
    },

    /** Spend `amount` credits or throw insufficient_credits; nothing changes on failure. */
    async spend(
      userId: string,
      amount: number,
      reason: SpendReason,
      description = "",
      tx?: Tx,
    ): Promise<{ spendId: string; watermarked: boolean }> {
      return (await spendAll(userId, [{ amount, reason, description }], tx))[0]!;
    },

    spendAll,

    /**
     * Spend `amount` credits from lots without a watermark only (free credits cannot pay for a
     * watermark's removal, ADR 036), or throw paid_credit_required; nothing changes on failure.
     */
    async spendPaid(
      userId: string,
      amount: number,
      reason: SpendReason,
      description: string,
      tx?: Tx,
    ): Promise<{ spendId: string }> {
      const [spent] = await spendAll(userId, [{ amount, reason, description }], tx, "paid");
      return { spendId: spent!.spendId };
    },

    /**
     * Give a spend back as one refund lot, at most once (credits.rules.ts `refundLot`); `source`
     * says why: a failed job (`refund`) or Garansi Mirip (`likeness_refund`, ADR 038).
     */
    async refund(
      spendId: string,
      tx?: Tx,
      source: "refund" | "likeness_refund" = "refund",
    ): Promise<{ lotId: string } | null> {
      return inTx(tx, async (t) => {
        const found = await repo.spendWithLots(t, spendId);
        if (!found) return null;
        const lot = refundLot(found.spend, found.used);
        return grant(found.spend.userId, { source, ...lot, refundOfSpendId: spendId }, t);
      });
    },

    /**
     * A refunded purchase: what is left of the lot its order granted is taken back (a spend of
     * `payment_refund` with `description`) and the lot ends at `at`, its plan with it (no more
     * premium styles or "subscribed"). Returns how many credits were revoked.
     */
    async revokePurchase(
      paymentId: string,
      description: string,
      at: Date,
      tx?: Tx,
    ): Promise<number> {
      return inTx(tx, async (t) => {
        const owner = await repo.purchaseLot(t, paymentId);
        if (!owner) return 0;
        await repo.lockUser(t, owner.userId);
        const lot = (await repo.purchaseLot(t, paymentId))!;
        const amount = lot.remaining;
        if (amount > 0) {
          await repo.insertSpend(
            t,
            lot.userId,
            { reason: "payment_refund", amount, watermarked: lot.watermarked, description },
            [{ lotId: lot.id, amount }],
          );
        }
        await repo.expireLot(t, lot.id, at);
        return amount;
      });
    },
  };
}
export type CreditsService = ReturnType<typeof createCreditsService>;
