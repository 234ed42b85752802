import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver } from "../../../test/harness";
import { creditLots, creditSpendLots, creditSpends, users } from "../../db/schema";
import type { Database } from "../../infra/db/client";
import { createCreditsRepository } from "./credits.repository";
import { createCreditsService, type CreditsService } from "./credits.service";

let db: Database;
let repo: CreditsService;
let drop: () => Promise<void>;
beforeAll(async () => {
  const t = await createTestDatabase();
  db = t.handle.db;
  drop = () => t.drop();
  repo = createCreditsService({ db, repo: createCreditsRepository(db) });
});
afterAll(() => drop());

async function newUser() {
  const id = `u_${randomUUID()}`;
  await db.insert(users).values({ id, email: `${id}@example.com` });
  return id;
}
const day = 86_400_000;

describe(`credit ledger on ${testDriver()}`, () => {
  it("spends the lot that expires first and writes which lots paid", async () => {
    const u = await newUser();
    await repo.grant(u, { source: "signup_bonus", amount: 5, watermarked: true });
    const soon = await repo.grant(u, {
      source: "purchase",
      amount: 2,
      watermarked: false,
      expiresAt: new Date(Date.now() + day),
    });
    const spend = await repo.spend(u, 3, "avatar", "three avatars");
    expect(spend.watermarked).toBe(false);
    const parts = await db
      .select()
      .from(creditSpendLots)
      .where(eq(creditSpendLots.spendId, spend.spendId));
    expect(parts.find((p) => p.lotId === soon!.lotId)?.amount).toBe(2);
    expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(3);
    expect(await repo.summary(u)).toMatchObject({ balance: 4, watermarkedOnly: true });
  });

  it("ignores expired lots and refuses to go below zero without changing anything", async () => {
    const u = await newUser();
    await repo.grant(u, {
      source: "purchase",
      amount: 10,
      watermarked: false,
      expiresAt: new Date(Date.now() - 1000),
    });
    await repo.grant(u, { source: "manual_reward", amount: 1, watermarked: false });
    expect((await repo.summary(u)).balance).toBe(1);
    await expect(repo.spend(u, 2, "avatar")).rejects.toMatchObject({
      code: "insufficient_credits",
      status: 402,
    });
    expect(await db.select().from(creditSpends).where(eq(creditSpends.userId, u))).toHaveLength(0);
    expect((await repo.summary(u)).balance).toBe(1);
  });

  it("refunds a spend once, as a lot like the ones it used", async () => {
    const u = await newUser();
    await repo.grant(u, { source: "signup_bonus", amount: 1, watermarked: true });
    const spend = await repo.spend(u, 1, "avatar");
    expect(spend.watermarked).toBe(true);
    expect((await repo.summary(u)).balance).toBe(0);
    const lot = await repo.refund(spend.spendId);
    expect(lot).not.toBeNull();
    expect(await repo.refund(spend.spendId)).toBeNull();
    const [refund] = await db.select().from(creditLots).where(eq(creditLots.id, lot!.lotId));
    expect(refund).toMatchObject({
      source: "refund",
      amount: 1,
      watermarked: true,
      expiresAt: null,
      refundOfSpendId: spend.spendId,
    });
    expect((await repo.summary(u)).balance).toBe(1);
  });

  it("lets 50 simultaneous spends of a user holding 10 credits take exactly 10", async () => {
    const u = await newUser();
    await repo.grant(u, { source: "purchase", amount: 10, watermarked: false });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => repo.spend(u, 1, "avatar")),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toHaveLength(10);
    expect(
      refused.every((r) => (r.reason as { code?: string }).code === "insufficient_credits"),
    ).toBe(true);
    expect((await repo.summary(u)).balance).toBe(0);
    const lots = await db.select().from(creditLots).where(eq(creditLots.userId, u));
    expect(lots.every((l) => l.remaining >= 0)).toBe(true);
  });

  it("refuses grants that are not positive whole numbers", async () => {
    const u = await newUser();
    await expect(
      repo.grant(u, { source: "manual_reward", amount: 0, watermarked: false }),
    ).rejects.toThrow();
    await expect(
      repo.grant(u, { source: "manual_reward", amount: 1.5, watermarked: false }),
    ).rejects.toThrow();
  });
});
