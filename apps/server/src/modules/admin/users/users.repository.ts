import { alias } from "drizzle-orm/pg-core";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { parseSort, type AdminUsersQuery, type Role } from "@rupa/shared";
import {
  creditLots,
  creditSpends,
  generationJobs,
  payments,
  referrals,
  styles,
  userRoles,
  users,
} from "../../../db/schema";
import type { Database, Tx } from "../../../infra/db/client";
import { anyContains } from "../../../infra/db/like-pattern";
import { countAll, readPage } from "../../../infra/db/page";

export interface AdminUserRow {
  id: string;
  email: string;
  fullName: string;
  totalGenerations: number;
  createdAt: Date;
  emailVerified: boolean;
  role: string;
}

const roleExpr = sql<string>`coalesce(${userRoles.role}, 'user')`;

/**
 * Roles (user_roles), the admin's user list and user detail, and the writes of the admin's
 * changes to a user, in the transaction the admin service gives. Reading one user's role stays
 * with accounts; the ledger stays with credits.
 */
export function createAdminUsersRepository(db: Database) {
  const userColumns = {
    id: users.id,
    email: users.email,
    fullName: users.fullName,
    totalGenerations: users.totalGenerations,
    createdAt: users.createdAt,
    emailVerified: users.emailVerified,
    role: roleExpr,
  };

  async function upsertRole(
    q: Database | Tx,
    userId: string,
    role: Role,
    grantedBy: string | null,
  ): Promise<void> {
    await q
      .insert(userRoles)
      .values({ userId, role, grantedBy })
      .onConflictDoUpdate({
        target: userRoles.userId,
        set: { role, grantedBy, updatedAt: sql`now()` },
      });
  }

  return {
    /** A role change without an admin behind it (start-up, command line): no audit row. */
    async setRole(userId: string, role: Role, grantedBy: string | null, tx?: Tx): Promise<void> {
      await upsertRole(tx ?? db, userId, role, grantedBy);
    },

    async countAdmins(): Promise<number> {
      const r = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM user_roles WHERE role = 'admin'`,
      );
      return Number(r.rows[0]?.n ?? 0);
    },

    /** One page of users with their role (no role row: a plain user), and how many match. */
    async list(query: AdminUsersQuery): Promise<{ rows: AdminUserRow[]; total: number }> {
      const where: SQL[] = [];
      if (query.q) where.push(anyContains([users.email, users.fullName], query.q));
      if (query.role) where.push(sql`${roleExpr} = ${query.role}`);
      const cond = and(...where);
      const { column, direction } = parseSort(query.sort);
      const col = {
        createdAt: users.createdAt,
        email: users.email,
        fullName: users.fullName,
        totalGenerations: users.totalGenerations,
      }[column];
      const dir = direction === "asc" ? asc : desc;
      return readPage(
        query,
        db
          .select(userColumns)
          .from(users)
          .leftJoin(userRoles, eq(userRoles.userId, users.id))
          .where(cond)
          .orderBy(dir(col), dir(users.id))
          .$dynamic(),
        db
          .select({ n: countAll })
          .from(users)
          .leftJoin(userRoles, eq(userRoles.userId, users.id))
          .where(cond),
      );
    },

    async findUser(userId: string): Promise<AdminUserRow | null> {
      const [row] = await db
        .select(userColumns)
        .from(users)
        .leftJoin(userRoles, eq(userRoles.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** The newest lots and spends of a user (at most `limit` of each; the caller merges). */
    async ledger(userId: string, limit: number) {
      const granter = alias(users, "granter");
      const [lots, spends] = await Promise.all([
        db
          .select({
            id: creditLots.id,
            source: creditLots.source,
            amount: creditLots.amount,
            remaining: creditLots.remaining,
            watermarked: creditLots.watermarked,
            expiresAt: creditLots.expiresAt,
            description: creditLots.description,
            grantedById: creditLots.grantedBy,
            grantedByEmail: granter.email,
            createdAt: creditLots.createdAt,
          })
          .from(creditLots)
          .leftJoin(granter, eq(granter.id, creditLots.grantedBy))
          .where(eq(creditLots.userId, userId))
          .orderBy(desc(creditLots.createdAt), desc(creditLots.id))
          .limit(limit),
        db
          .select({
            id: creditSpends.id,
            reason: creditSpends.reason,
            amount: creditSpends.amount,
            watermarked: creditSpends.watermarked,
            description: creditSpends.description,
            createdAt: creditSpends.createdAt,
          })
          .from(creditSpends)
          .where(eq(creditSpends.userId, userId))
          .orderBy(desc(creditSpends.createdAt), desc(creditSpends.id))
          .limit(limit),
      ]);
      return { lots, spends };
    },

    async recentGenerations(userId: string, limit: number) {
      return db
        .select({
          id: generationJobs.id,
          kind: generationJobs.kind,
          status: generationJobs.status,
          styleName: styles.name,
          styleNameId: styles.nameId,
          createdAt: generationJobs.createdAt,
        })
        .from(generationJobs)
        .leftJoin(styles, eq(styles.id, generationJobs.styleId))
        .where(eq(generationJobs.userId, userId))
        .orderBy(desc(generationJobs.createdAt))
        .limit(limit);
    },

    async payments(userId: string, limit: number) {
      return db
        .select({
          id: payments.id,
          orderId: payments.orderId,
          planName: payments.planName,
          billingCycle: payments.billingCycle,
          credits: payments.credits,
          amountIdr: payments.amountIdr,
          status: payments.status,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt))
        .limit(limit);
    },

    /** The referrals this user made. */
    async referrals(userId: string, limit: number) {
      const referred = alias(users, "referred");
      return db
        .select({
          id: referrals.id,
          referredEmail: referred.email,
          status: referrals.status,
          creditsAwarded: referrals.creditsAwarded,
          createdAt: referrals.createdAt,
        })
        .from(referrals)
        .leftJoin(referred, eq(referred.id, referrals.referredId))
        .where(eq(referrals.referrerId, userId))
        .orderBy(desc(referrals.createdAt))
        .limit(limit);
    },
  };
}
export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
