import { randomUUID } from "node:crypto";
import type {
  CreditsRepository,
  GrantInput,
  SpendReason,
} from "../../src/modules/credits/credits.repository";
import { createCreditsService } from "../../src/modules/credits/credits.service";
import { usableLots } from "../../src/modules/credits/credits.rules";
import type { Actor } from "../../src/lib/actor";
import { AppError } from "../../src/lib/errors";
import { fakeTransactor, undoable } from "./db";

interface Lot extends Omit<GrantInput, "expiresAt"> {
  expiresAt: Date | null;
  id: string;
  userId: string;
  remaining: number;
  createdAt: Date;
}
interface Spend {
  id: string;
  userId: string;
  reason: SpendReason;
  amount: number;
  watermarked: boolean;
  description: string;
  lots: { lotId: string; amount: number }[];
}

/**
 * The ledger's tables in memory behind the real credits service (so a service test runs the
 * real spend order and refund rules). `userExists` decides which users are known (others: 404
 * at their lock). `hold` sets a starting balance without a trace; `written` lists what was
 * written after it, as signed entries.
 */
export function fakeCredits(userExists: (id: string) => boolean = () => true) {
  const lots: Lot[] = [];
  const spends: Spend[] = [];
  const written: { userId: string; delta: number; description: string; by: string | null }[] = [];
  let clock = Date.parse("2026-01-01T00:00:00Z");
  const held = (userId: string, now: Date) =>
    usableLots(
      lots.filter((l) => l.userId === userId),
      now,
    ) as Lot[];

  const insertLot = (userId: string, input: GrantInput) => {
    if (input.refundOfSpendId && lots.some((l) => l.refundOfSpendId === input.refundOfSpendId))
      return null;
    if (input.paymentId && lots.some((l) => l.paymentId === input.paymentId)) return null;
    const lot: Lot = {
      ...input,
      expiresAt: input.expiresAt ?? null,
      id: randomUUID(),
      userId,
      remaining: input.amount,
      createdAt: new Date((clock += 1000)),
    };
    lots.push(lot);
    return lot;
  };

  const repo: CreditsRepository = {
    heldLotsNow: (userId, now) => Promise.resolve(held(userId, now)),
    summaries: (ids, now = new Date()) =>
      Promise.resolve(
        new Map(
          ids
            .filter((id) => lots.some((l) => l.userId === id))
            .map((id) => [id, held(id, now).reduce((n, l) => n + l.remaining, 0)]),
        ),
      ),
    expiringLots: () => Promise.reject(new Error("not faked")),
    recentLots: (userId, limit = 10) =>
      Promise.resolve(lots.filter((l) => l.userId === userId).slice(-limit) as never),
    hasActivePlan: (userId, now = new Date()) =>
      Promise.resolve(
        lots.some((l) => l.userId === userId && l.source === "purchase" && l.expiresAt! > now),
      ),
    userExists: (id) => Promise.resolve(userExists(id)),
    lockUser: (_tx, userId) =>
      userExists(userId)
        ? Promise.resolve()
        : Promise.reject(new AppError("not_found", 404, "User not found")),
    heldLots: (_tx, userId, now) =>
      Promise.resolve(held(userId, now).map((l) => ({ ...l, expiresAt: l.expiresAt ?? null }))),
    insertLot(tx, userId, input) {
      const lot = insertLot(userId, input);
      if (!lot) return Promise.resolve(null);
      const entry = {
        userId,
        delta: input.amount,
        description: input.description ?? "",
        by: input.grantedBy ?? null,
      };
      written.push(entry);
      undoable(tx, () => {
        lots.splice(lots.indexOf(lot), 1);
        written.splice(written.indexOf(entry), 1);
      });
      return Promise.resolve({ lotId: lot.id });
    },
    insertSpend(tx, userId, spend, allocations) {
      const id = randomUUID();
      for (const a of allocations) lots.find((l) => l.id === a.lotId)!.remaining -= a.amount;
      const row = { id, userId, ...spend, lots: [...allocations] };
      const entry = { userId, delta: -spend.amount, description: spend.description, by: null };
      spends.push(row);
      written.push(entry);
      undoable(tx, () => {
        for (const a of allocations) lots.find((l) => l.id === a.lotId)!.remaining += a.amount;
        spends.splice(spends.indexOf(row), 1);
        written.splice(written.indexOf(entry), 1);
      });
      return Promise.resolve(id);
    },
    spendWithLots(_tx, spendId) {
      const s = spends.find((x) => x.id === spendId);
      if (!s) return Promise.resolve(null);
      const used = s.lots.map((a) => lots.find((l) => l.id === a.lotId)!);
      return Promise.resolve({
        spend: { ...s, createdAt: new Date(clock) },
        used: used.map((l) => ({ watermarked: l.watermarked, expiresAt: l.expiresAt ?? null })),
      } as never);
    },
    purchaseLot(_tx, paymentId) {
      const l = lots.find((x) => x.paymentId === paymentId);
      return Promise.resolve(
        l
          ? { id: l.id, userId: l.userId, remaining: l.remaining, watermarked: l.watermarked }
          : null,
      );
    },
    expireLot(tx, lotId, at) {
      const lot = lots.find((x) => x.id === lotId)!;
      const before = lot.expiresAt;
      lot.expiresAt = at;
      undoable(tx, () => void (lot.expiresAt = before));
      return Promise.resolve();
    },
  };
  const transactor = fakeTransactor();
  return {
    repo,
    service: createCreditsService({ db: transactor.db, repo }),
    lots,
    spends,
    written,
    /** What `userId` holds now (the unexpired lots' remaining credits). */
    balance: (userId: string) => held(userId, new Date()).reduce((n, l) => n + l.remaining, 0),
    /** A new member holding `amount` credits (one lot, not written down in `written`). */
    member(amount = 0): Actor {
      const userId = randomUUID();
      if (amount > 0) insertLot(userId, { source: "purchase", amount, watermarked: false });
      return { userId, guestTrialId: null, isAdmin: false };
    },
    /** A starting balance: one lot of `amount` (not written down in `written`). */
    hold(userId: string, amount: number, over: Partial<GrantInput> = {}) {
      insertLot(userId, { source: "purchase", amount, watermarked: false, ...over });
    },
  };
}
