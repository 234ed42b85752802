import { alias } from "drizzle-orm/pg-core";
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { parseSort, type AdminReferral, type AdminReferralsQuery } from "@rupa/shared";
import { referrals, results, users } from "../../db/schema";
import type { Database } from "../../infra/db/client";
import { likePattern, type AuditActor, type AuditRepository } from "../audit/audit.repository";
import type { CreditsRepository } from "../credits/credits.repository";

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function createReferralsRepository(
  db: Database,
  credits: CreditsRepository,
  audit: Pick<AuditRepository, "write">,
) {
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
     * Runs in one transaction with the referrer's row locked, so it pays each group once. With
     * an admin behind it (Process Rewards), each reward's audit row is written in it too.
     */
    async payDueRewards(
      referrerId: string,
      every: number,
      reward: number,
      actor?: AuditActor,
    ): Promise<number> {
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
          if (actor) {
            await audit.write(tx, {
              actor,
              action: "referral.reward_paid",
              entityType: "referral",
              entityId: group[group.length - 1]!,
              before: { status: "completed" },
              after: {
                status: "credited",
                referrerId,
                referralIds: group,
                credits: reward,
                lotId: lot?.lotId ?? null,
              },
            });
          }
          paid += 1;
        }
        return paid;
      });
    },

    /** Referrers holding completed referrals not yet paid (Process Rewards' candidates). */
    async referrersWithUnpaid(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: referrals.referrerId })
        .from(referrals)
        .where(eq(referrals.status, "completed"));
      return rows.map((r) => r.id);
    },

    /** One page of every referral with both e-mails, for the admin's activity table. */
    async adminList(query: AdminReferralsQuery): Promise<{ rows: AdminReferral[]; total: number }> {
      const referrer = alias(users, "referrer");
      const referred = alias(users, "referred");
      const where: SQL[] = [];
      if (query.status) where.push(eq(referrals.status, query.status));
      if (query.q) {
        const p = likePattern(query.q);
        where.push(or(ilike(referrer.email, p), ilike(referred.email, p))!);
      }
      const cond = where.length ? and(...where) : undefined;
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
      const [rows, count] = await Promise.all([
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
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(referrals)
          .leftJoin(referrer, eq(referrer.id, referrals.referrerId))
          .leftJoin(referred, eq(referred.id, referrals.referredId))
          .where(cond),
      ]);
      return {
        total: Number(count[0]?.n ?? 0),
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

    /** Totals over every referral (the admin's four figures and what is left to pay). */
    async adminTotals() {
      const r = await db.execute<{
        total: number;
        pending: number;
        completed: number;
        credited: number;
        awarded: number;
      }>(sql`
        SELECT count(*)::int AS total,
               count(*) FILTER (WHERE status = 'pending')::int AS pending,
               count(*) FILTER (WHERE status = 'completed')::int AS completed,
               count(*) FILTER (WHERE status = 'credited')::int AS credited,
               coalesce(sum(credits_awarded), 0)::int AS awarded
        FROM referrals`);
      const row = r.rows[0]!;
      return {
        total: Number(row.total),
        pending: Number(row.pending),
        completed: Number(row.completed) + Number(row.credited),
        unpaid: Number(row.completed),
        creditsAwarded: Number(row.awarded),
      };
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
