import { and, eq, sql } from "drizzle-orm";
import type { Language, Role } from "@rupa/shared";
import { sessions, userRoles, users, verifications } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";

export type UserRow = typeof users.$inferSelect;

/** What an account's deletion removed, by kind (and the payment records kept, detached). */
export interface DeletionCounts {
  photos: number;
  avatars: number;
  kanvas_pictures: number;
  generations: number;
  custom_requests: number;
  credit_lines: number;
  consents: number;
  log_entries: number;
  data_exports: number;
  referrals: number;
  sessions: number;
  payments_kept: number;
}

export function createAccountRepository(db: Database) {
  return {
    async findById(id: string): Promise<UserRow | null> {
      const [u] = await db.select().from(users).where(eq(users.id, id));
      return u ?? null;
    },

    async findByEmail(email: string): Promise<UserRow | null> {
      const [u] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      return u ?? null;
    },

    /** The user's role; a user with no role row is a plain user. */
    async roleOf(userId: string): Promise<Role> {
      const [r] = await db
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(eq(userRoles.userId, userId));
      return r?.role === "admin" ? "admin" : "user";
    },

    async updateProfile(
      userId: string,
      patch: { preferredLanguage?: Language; fullName?: string; phone?: string },
    ): Promise<void> {
      await db.update(users).set(patch).where(eq(users.id, userId));
    },

    async markEmailVerified(userId: string): Promise<void> {
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
    },

    /** Ends every session of the user (sign-out everywhere, role change, deletion). */
    async deleteSessions(userId: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /**
     * Deletes every password-reset link of the user (better-auth keeps each as a verification
     * row `reset-password:<token>` whose value is the user id): a newer link, a password change
     * and a sign-out everywhere end the older ones.
     */
    async deleteResetLinks(userId: string): Promise<number> {
      const rows = await db
        .delete(verifications)
        .where(
          and(
            sql`starts_with(${verifications.identifier}, 'reset-password:')`,
            eq(verifications.value, userId),
          ),
        )
        .returning({ id: verifications.id });
      return rows.length;
    },

    /** The user a live reset link belongs to (null: unknown or expired). */
    async resetLinkOwner(token: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: verifications.value })
        .from(verifications)
        .where(
          and(
            eq(verifications.identifier, `reset-password:${token}`),
            sql`${verifications.expiresAt} > now()`,
          ),
        )
        .limit(1);
      return row?.userId ?? null;
    },

    async countSessions(userId: string): Promise<number> {
      const r = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${userId}`,
      );
      return Number(r.rows[0]?.n ?? 0);
    },

    /** Every admin's id, as it stands (the quick check before a deletion is attempted). */
    async adminIds(): Promise<string[]> {
      const rows = await db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(eq(userRoles.role, "admin"));
      return rows.map((r) => r.userId);
    },

    /** Every admin's id, their role rows locked until the transaction ends (in one order). */
    async lockAdmins(tx: Tx): Promise<string[]> {
      const rows = await tx.execute<{ user_id: string }>(
        sql`SELECT user_id FROM user_roles WHERE role = 'admin' ORDER BY user_id FOR UPDATE`,
      );
      return rows.rows.map((r) => r.user_id);
    },

    /** Deletes the user (in `tx` when given); their rows in every table go with them (cascade). */
    /**
     * What deleting the account removes, by kind, counted in the deletion's transaction (its
     * receipt; docs/product/privacy.md, Deletion), and the orders kept, detached.
     */
    async deletionCounts(userId: string, tx: Tx): Promise<DeletionCounts> {
      const n = (table: string, where = sql`user_id = ${userId}`) =>
        sql`(SELECT count(*) FROM ${sql.identifier(table)} WHERE ${where})::int`;
      const r = await tx.execute<Record<keyof DeletionCounts, number | string>>(sql`
        SELECT ${n("uploads")} AS photos,
               ${n("results")} AS avatars,
               ${n("kanvas_images")} AS kanvas_pictures,
               ${n("generation_jobs")} AS generations,
               ${n("custom_profession_requests")} AS custom_requests,
               (${n("credit_lots")} + ${n("credit_spends")}) AS credit_lines,
               ${n("photo_consents")} AS consents,
               ${n("processing_log")} AS log_entries,
               ${n("account_exports")} AS data_exports,
               ${n("referrals", sql`referrer_id = ${userId} OR referred_id = ${userId}`)} AS referrals,
               ${n("sessions")} AS sessions,
               ${n("payments")} AS payments_kept`);
      const row = r.rows[0]!;
      return Object.fromEntries(
        Object.entries(row).map(([k, v]) => [k, Number(v)]),
      ) as unknown as DeletionCounts;
    },

    async deleteUser(userId: string, tx?: Tx): Promise<void> {
      await (tx ?? db).delete(users).where(eq(users.id, userId));
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
