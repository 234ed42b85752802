import { alias } from "drizzle-orm/pg-core";
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { parseSort, type AdminReferral, type AdminReferralsQuery } from "@rupa/shared";
import { payments, referrals, results, users } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import { anyContains } from "../../infra/db/like-pattern";
import { countAll, readPage } from "../../infra/db/page";
import { PAID_STATUSES } from "../payments/payments.rules";

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function createReferralsRepository(db: Database) {
  /**
   * Due and not yet paid: the friend has a paid order (granted, not refunded) and the referral's
   * reward was never paid.
   */
  const dueUnpaid = and(
    isNull(referrals.creditedAt),
    sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.userId} = ${referrals.referredId}
        AND ${payments.paidAt} IS NOT NULL AND ${inArray(payments.status, [...PAID_STATUSES])})`,
  )!;

  /** The one row of a query of counts (named `K`), each read as a number. */
  async function counts<K extends string>(query: SQL): Promise<Record<K, number>> {
    const columns = Object.entries((await db.execute(query)).rows[0]!);
    return Object.fromEntries(columns.map(([k, v]) => [k, Number(v)])) as Record<K, number>;
  }

  return {
    /** Locks the referrer's row: whoever pays a referrer's rewards holds it first. */
    async lockReferrer(tx: Tx, referrerId: string): Promise<void> {
      await tx.execute(sql`SELECT id FROM users WHERE id = ${referrerId} FOR UPDATE`);
    },

    /**
     * Claims a referral's reward of `reward` credits: true when it was never paid (a conditional
     * UPDATE on `credited_at IS NULL`, so of two claims one wins), false otherwise.
     */
    async claimReward(tx: Tx, referralId: string, reward: number): Promise<boolean> {
      const claimed = await tx
        .update(referrals)
        .set({ status: "credited", creditedAt: sql`now()`, creditsAwarded: reward })
        .where(and(eq(referrals.id, referralId), isNull(referrals.creditedAt)))
        .returning({ id: referrals.id });
      return claimed.length > 0;
    },

    /** The ledger lot a paid reward was granted as. */
    async setRewardLot(tx: Tx, referralId: string, lotId: string | null): Promise<void> {
      await tx.update(referrals).set({ rewardLotId: lotId }).where(eq(referrals.id, referralId));
    },

    /** The friend's referral whose reward was never paid, or null. */
    async unpaidOf(tx: Tx, referredId: string) {
      const [due] = await tx
        .select({ id: referrals.id, referrerId: referrals.referrerId })
        .from(referrals)
        .where(and(eq(referrals.referredId, referredId), isNull(referrals.creditedAt)));
      return due ?? null;
    },

    /** A referrer's referrals due (the friend has a paid purchase) and not paid, oldest first. */
    async dueUnpaidOf(tx: Tx, referrerId: string) {
      return tx
        .select({ id: referrals.id, referrerId: referrals.referrerId, status: referrals.status })
        .from(referrals)
        .where(and(eq(referrals.referrerId, referrerId), dueUnpaid))
        .orderBy(asc(referrals.createdAt), asc(referrals.id));
    },

    async referrerIdByCode(code: string): Promise<string | null> {
      const [u] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.referralCode, code.toUpperCase()));
      return u?.id ?? null;
    },

    /**
     * A referrer's friends, newest first: their name, whether they confirmed their e-mail, made
     * their first avatar (the referral completed) and made a paid purchase, and what it paid.
     */
    async friendsOf(referrerId: string, limit: number) {
      const rows = await db
        .select({
          fullName: users.fullName,
          joinedAt: referrals.createdAt,
          confirmed: users.emailVerified,
          completedAt: referrals.completedAt,
          creditsAwarded: referrals.creditsAwarded,
          purchased: sql<boolean>`${referrals.creditedAt} IS NOT NULL OR EXISTS (SELECT 1 FROM ${payments}
            WHERE ${payments.userId} = ${referrals.referredId} AND ${payments.paidAt} IS NOT NULL
            AND ${inArray(payments.status, [...PAID_STATUSES])})`,
        })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.referredId))
        .where(eq(referrals.referrerId, referrerId))
        .orderBy(desc(referrals.createdAt), desc(referrals.id))
        .limit(limit);
      return rows.map((r) => ({
        fullName: r.fullName,
        joinedAt: r.joinedAt,
        confirmed: r.confirmed,
        firstAvatar: r.completedAt !== null,
        firstPurchase: Boolean(r.purchased),
        creditsAwarded: r.creditsAwarded,
      }));
    },

    /** The rewards paid to a referrer in the last `days` days, newest first (at most 10). */
    async rewardsSince(referrerId: string, days: number) {
      return db
        .select({ paidAt: referrals.creditedAt, credits: referrals.creditsAwarded })
        .from(referrals)
        .where(
          and(
            eq(referrals.referrerId, referrerId),
            sql`${referrals.creditedAt} > now() - make_interval(days => ${days})`,
            sql`${referrals.creditsAwarded} > 0`,
          ),
        )
        .orderBy(desc(referrals.creditedAt))
        .limit(10) as Promise<{ paidAt: Date; credits: number }[]>;
    },

    /** Who referred this member, or null. */
    async referrerOf(referredId: string): Promise<string | null> {
      const [r] = await db
        .select({ id: referrals.referrerId })
        .from(referrals)
        .where(eq(referrals.referredId, referredId));
      return r?.id ?? null;
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
     * The friend's first avatar: once they have confirmed their e-mail AND made an avatar (a
     * result of their own), `completed_at` is set (pending → completed; a referral paid already
     * stays credited). Completed referrals count toward the referrer's premium unlock; they pay
     * no credits (docs/product/referrals.md). Returns the referrer, or null when it is not due or
     * was completed already. One conditional UPDATE: of two calls at once, one completes it.
     */
    async completeIfDue(referredId: string): Promise<string | null> {
      const rows = await db
        .update(referrals)
        .set({
          status: sql`CASE WHEN ${referrals.status} = 'pending' THEN 'completed' ELSE ${referrals.status} END`,
          completedAt: sql`now()`,
        })
        .where(
          and(
            eq(referrals.referredId, referredId),
            isNull(referrals.completedAt),
            sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${referredId} AND ${users.emailVerified})`,
            sql`EXISTS (SELECT 1 FROM ${results} WHERE ${results.userId} = ${referredId})`,
          ),
        )
        .returning({ referrerId: referrals.referrerId });
      return rows[0]?.referrerId ?? null;
    },

    /** Referrers holding referrals due (a friend's paid purchase) and not yet paid. */
    async referrersWithUnpaid(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: referrals.referrerId })
        .from(referrals)
        .where(dueUnpaid);
      return rows.map((r) => r.id);
    },

    /** One page of every referral with both e-mails, for the admin's activity table. */
    async adminList(query: AdminReferralsQuery): Promise<{ rows: AdminReferral[]; total: number }> {
      const referrer = alias(users, "referrer");
      const referred = alias(users, "referred");
      const where: SQL[] = [];
      if (query.status) where.push(eq(referrals.status, query.status));
      if (query.q) where.push(anyContains([referrer.email, referred.email], query.q));
      const cond = and(...where);
      const { column, direction } = parseSort(query.sort);
      const col = {
        createdAt: referrals.createdAt,
        completedAt: referrals.completedAt,
        status: referrals.status,
        creditsAwarded: referrals.creditsAwarded,
      }[column];
      const dir = direction === "asc" ? asc : desc;
      // Not yet completed sorts last either way.
      const order =
        column === "completedAt"
          ? [sql`${referrals.completedAt} IS NULL`, dir(col), dir(referrals.id)]
          : [dir(col), dir(referrals.id)];
      const { rows, total } = await readPage(
        query,
        db
          .select({
            id: referrals.id,
            referrerId: referrals.referrerId,
            referrerEmail: referrer.email,
            referredId: referrals.referredId,
            referredEmail: referred.email,
            status: referrals.status,
            creditsAwarded: referrals.creditsAwarded,
            createdAt: referrals.createdAt,
            completedAt: referrals.completedAt,
            creditedAt: referrals.creditedAt,
          })
          .from(referrals)
          .leftJoin(referrer, eq(referrer.id, referrals.referrerId))
          .leftJoin(referred, eq(referred.id, referrals.referredId))
          .where(cond)
          .orderBy(...order)
          .$dynamic(),
        db
          .select({ n: countAll })
          .from(referrals)
          .leftJoin(referrer, eq(referrer.id, referrals.referrerId))
          .leftJoin(referred, eq(referred.id, referrals.referredId))
          .where(cond),
      );
      return {
        total,
        rows: rows.map((r) => ({
          id: r.id,
          referrer: { id: r.referrerId, email: r.referrerEmail },
          referred: { id: r.referredId, email: r.referredEmail },
          status: r.status as AdminReferral["status"],
          creditsAwarded: r.creditsAwarded,
          createdAt: r.createdAt.toISOString(),
          completedAt: iso(r.completedAt),
          creditedAt: iso(r.creditedAt),
        })),
      };
    },

    /**
     * Totals over every referral (the admin's four figures and what is left to pay): completed
     * means the friend made their first avatar (paid or not); unpaid, due and not yet paid.
     */
    async adminTotals() {
      return counts<"total" | "pending" | "completed" | "unpaid" | "creditsAwarded">(sql`
        SELECT count(*)::int AS total,
               count(*) FILTER (WHERE status = 'pending')::int AS pending,
               count(*) FILTER (WHERE completed_at IS NOT NULL)::int AS completed,
               (SELECT count(*) FROM ${referrals} WHERE ${dueUnpaid})::int AS unpaid,
               coalesce(sum(credits_awarded), 0)::int AS "creditsAwarded"
        FROM referrals`);
    },

    /**
     * One referrer's card: completed (friends who made their first avatar: the premium unlock
     * counts them), pending (not yet), and the credits their friends' first purchases paid.
     */
    async stats(referrerId: string) {
      return counts<"total" | "pending" | "completed" | "earned">(sql`
        SELECT count(*)::int AS total,
               count(*) FILTER (WHERE completed_at IS NULL)::int AS pending,
               count(*) FILTER (WHERE completed_at IS NOT NULL)::int AS completed,
               coalesce(sum(credits_awarded), 0)::int AS earned
        FROM referrals WHERE referrer_id = ${referrerId}`);
    },
  };
}
export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
