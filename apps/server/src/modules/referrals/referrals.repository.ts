import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { referrals, results, users } from "../../db/schema";
import type { Database } from "../../infra/db/client";
import type { CreditsRepository } from "../credits/credits.repository";

export function createReferralsRepository(db: Database, credits: CreditsRepository) {
  return {
    async referrerIdByCode(code: string): Promise<string | null> {
      const [u] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.referralCode, code.toUpperCase()));
      return u?.id ?? null;
    },

    /** A pending referral; false when it would be a self-referral or the user was referred already. */
    async recordPending(referrerId: string, referredId: string): Promise<boolean> {
      if (referrerId === referredId) return false;
      const rows = await db
        .insert(referrals)
        .values({ referrerId, referredId, status: "pending" })
        .onConflictDoNothing({ target: referrals.referredId })
        .returning({ id: referrals.id });
      return rows.length > 0;
    },

    /**
     * pending → completed once the referred member has confirmed their e-mail AND made an avatar
     * (a result of their own); returns the referrer to reward, or null when it is not due or was
     * completed already. One conditional UPDATE: of two calls at once, one completes it.
     */
    async completeIfDue(referredId: string): Promise<string | null> {
      const rows = await db
        .update(referrals)
        .set({ status: "completed", completedAt: sql`now()` })
        .where(
          and(
            eq(referrals.referredId, referredId),
            eq(referrals.status, "pending"),
            sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${referredId} AND ${users.emailVerified})`,
            sql`EXISTS (SELECT 1 FROM ${results} WHERE ${results.userId} = ${referredId})`,
          ),
        )
        .returning({ referrerId: referrals.referrerId });
      return rows[0]?.referrerId ?? null;
    },

    /**
     * Every `every` completed (not yet credited) referrals pay `reward` credits, not watermarked.
     * Runs in one transaction with the referrer's row locked, so it pays each group once.
     */
    async payDueRewards(referrerId: string, every: number, reward: number): Promise<number> {
      if (reward <= 0) return 0;
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM users WHERE id = ${referrerId} FOR UPDATE`);
        const done = await tx
          .select({ id: referrals.id })
          .from(referrals)
          .where(and(eq(referrals.referrerId, referrerId), eq(referrals.status, "completed")))
          .orderBy(asc(referrals.completedAt), asc(referrals.id));
        let paid = 0;
        for (let i = 0; i + every <= done.length; i += every) {
          const group = done.slice(i, i + every).map((r) => r.id);
          const lot = await credits.grant(
            referrerId,
            {
              source: "referral_reward",
              amount: reward,
              watermarked: false,
              description: `Referral reward (${every} friends)`,
            },
            tx,
          );
          await tx
            .update(referrals)
            .set({ status: "credited", creditedAt: sql`now()`, rewardLotId: lot?.lotId ?? null })
            .where(inArray(referrals.id, group));
          await tx
            .update(referrals)
            .set({ creditsAwarded: reward })
            .where(eq(referrals.id, group[group.length - 1]!));
          paid += 1;
        }
        return paid;
      });
    },

    async stats(referrerId: string) {
      const r = await db.execute<{
        total: number;
        pending: number;
        completed: number;
        credited: number;
        earned: number;
      }>(sql`
        SELECT count(*)::int AS total,
               count(*) FILTER (WHERE status = 'pending')::int AS pending,
               count(*) FILTER (WHERE status = 'completed')::int AS completed,
               count(*) FILTER (WHERE status = 'credited')::int AS credited,
               coalesce(sum(credits_awarded), 0)::int AS earned
        FROM referrals WHERE referrer_id = ${referrerId}`);
      const row = r.rows[0]!;
      return {
        total: Number(row.total),
        pending: Number(row.pending),
        completed: Number(row.completed) + Number(row.credited),
        uncredited: Number(row.completed),
        earned: Number(row.earned),
      };
    },
  };
}
export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
