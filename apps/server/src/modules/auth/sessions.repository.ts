import { eq } from "drizzle-orm";
import type { Role } from "@rupa/shared";
import { sessions, userRoles, users } from "../../db/schema";
import type { Database } from "../../infra/db/client";

/** A session as a request's actor needs it: whose it is, until when, and their role now. */
export interface SessionActorRow {
  userId: string;
  expiresAt: Date;
  role: Role;
}

/** Sessions read on every signed-in request (better-auth writes them). */
export function createSessionsRepository(db: Database) {
  return {
    /**
     * The session with this token, its user's current role, in one query; null when there is no
     * such session or its user is gone (as better-auth's own lookup answers).
     */
    async actorByToken(token: string): Promise<SessionActorRow | null> {
      const [row] = await db
        .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, role: userRoles.role })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(userRoles, eq(userRoles.userId, sessions.userId))
        .where(eq(sessions.token, token));
      if (!row) return null;
      return {
        userId: row.userId,
        expiresAt: row.expiresAt,
        role: row.role === "admin" ? "admin" : "user",
      };
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
