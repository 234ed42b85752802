import { desc, eq, sql } from "drizzle-orm";
import type { Role } from "@rupa/shared";
import { userRoles, users } from "../../db/schema";
import type { Database } from "../../infra/db/client";

export interface AdminUserRow {
  id: string;
  email: string;
  fullName: string;
  totalGenerations: number;
  createdAt: Date;
  emailVerified: boolean;
  role: string;
}

/** Roles (user_roles) and the admin's user list. Reading one user's role stays with accounts. */
export function createAdminRepository(db: Database) {
  return {
    async setRole(userId: string, role: Role, grantedBy: string | null): Promise<void> {
      await db
        .insert(userRoles)
        .values({ userId, role, grantedBy })
        .onConflictDoUpdate({
          target: userRoles.userId,
          set: { role, grantedBy, updatedAt: sql`now()` },
        });
    },

    async countAdmins(): Promise<number> {
      const r = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM user_roles WHERE role = 'admin'`,
      );
      return Number(r.rows[0]?.n ?? 0);
    },

    /** The newest users first, with their role (no role row: a plain user). */
    async list(limit: number): Promise<AdminUserRow[]> {
      return db
        .select({
          id: users.id,
          email: users.email,
          fullName: users.fullName,
          totalGenerations: users.totalGenerations,
          createdAt: users.createdAt,
          emailVerified: users.emailVerified,
          role: sql<string>`coalesce(${userRoles.role}, 'user')`,
        })
        .from(users)
        .leftJoin(userRoles, eq(userRoles.userId, users.id))
        .orderBy(desc(users.createdAt))
        .limit(limit);
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
