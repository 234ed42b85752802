import { eq, sql } from "drizzle-orm";
import type { Role } from "@rupa/shared";
import { sessions, userRoles, users } from "../../db/schema";
import type { Database } from "../../infra/db/client";

/**
 * A session as a request's actor needs it: whose it is, until when, their role now, and their
 * account row as it was read with the session (the request's own copy, never kept beyond it).
 */
export interface SessionActorRow {
  userId: string;
  expiresAt: Date;
  role: Role;
  user: typeof users.$inferSelect;
}

/** Sessions read on every signed-in request (better-auth writes them). */
export function createSessionsRepository(db: Database) {
  // Built once, not per request (see the credits repository's `heldLotsNow`).
  const byToken = db
    .select({ user: users, expiresAt: sessions.expiresAt, role: userRoles.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("session_actor");
  return {
    /**
     * The session with this token, its user's row and current role, in one query; null when
     * there is no such session or its user is gone (as better-auth's own lookup answers).
     */
    async actorByToken(token: string): Promise<SessionActorRow | null> {
      const [row] = await byToken.execute({ token });
      if (!row) return null;
      return {
        userId: row.user.id,
        expiresAt: row.expiresAt,
        role: row.role === "admin" ? "admin" : "user",
        user: row.user,
      };
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
