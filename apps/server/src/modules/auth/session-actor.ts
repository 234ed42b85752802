import type { Role } from "@rupa/shared";
import type { Auth } from "../../infra/auth/better-auth";
import { readSignedCookie } from "../../infra/auth/signed-cookie";
import type { SessionActorRow, SessionsRepository } from "./sessions.repository";

type SessionUser = SessionActorRow["user"];

/**
 * The session's user and role; `user`, their account row, when it was read with the session
 * (this request's copy: /me answers from it instead of reading the row again).
 */
export type SessionActor = { userId: string; role: Role; user?: SessionUser } | null;

export interface SessionActorDeps {
  auth: Auth;
  sessions: Pick<SessionsRepository, "actorByToken">;
  /** better-auth's own session lookup with the role (auth.service `actor`): the authority. */
  viaAuth: (headers: Headers) => Promise<SessionActor>;
  now?: () => number;
}

/**
 * The session behind a request and its user's role, read on every signed-in request (the actor,
 * middleware/actor.ts): one query where better-auth's `getSession` and the role took three, and
 * no Web Crypto key import per request. It answers only what better-auth would answer the same way, without
 * writing anything: no session cookie (null), a cookie signed exactly as better-auth signs it
 * whose session is gone or whose user is gone (null), or a live session that is not due for its
 * daily refresh (its user and role). Everything else goes to better-auth, which stays the
 * authority: a cookie it may read differently, an expired session (it deletes the row), and a
 * session due for refresh (it moves the expiry on). Nothing is cached: a sign-out, a revoked
 * session or a role change counts on the very next request, in every process.
 */
export function createSessionActor(
  d: SessionActorDeps,
): (headers: Headers) => Promise<SessionActor> {
  const now = d.now ?? Date.now;
  let config:
    | Promise<{ cookie: string; secret: string; expiresInMs: number; updateAgeMs: number }>
    | undefined;
  const settings = () =>
    (config ??= d.auth.$context.then((c) => ({
      cookie: c.authCookies.sessionToken.name,
      secret: c.secret,
      expiresInMs: c.sessionConfig.expiresIn * 1000,
      updateAgeMs: c.sessionConfig.updateAge * 1000,
    })));

  return async (headers) => {
    const s = await settings();
    const cookie = readSignedCookie(headers.get("cookie"), s.cookie, s.secret);
    if (cookie.kind === "absent") return null;
    if (cookie.kind === "unsure") return d.viaAuth(headers);
    const row = await d.sessions.actorByToken(cookie.value);
    if (!row) return null;
    const t = now();
    const expired = row.expiresAt.getTime() < t;
    // better-auth moves a session's expiry on once it is older than `updateAge`.
    const dueForRefresh = row.expiresAt.getTime() - s.expiresInMs + s.updateAgeMs <= t;
    if (expired || dueForRefresh) return d.viaAuth(headers);
    return { userId: row.userId, role: row.role, user: row.user };
  };
}
