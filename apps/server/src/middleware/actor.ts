import type { Role } from "@rupa/shared";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { anonymous, type Actor } from "../lib/actor";
import type { AppEnv } from "../lib/http";
import { guestCookieName, verifyGuestCookie } from "../modules/guests/guest-cookie";

export interface ActorDeps {
  /**
   * The session's user and their current role (read on every request), with their account row
   * when it was read with the session, or null.
   */
  sessionActor(
    headers: Headers,
  ): Promise<{ userId: string; role: Role; user?: Actor["user"] } | null>;
  /** Verifies the signed guest cookie. */
  guestSecret: string;
  secureCookies: boolean;
}

/**
 * Who is calling: the session's user with the role as it is now, and the visitor's signed guest
 * session. Resolved on first use and at most once per request (routes that never ask, such as
 * the public catalogue, never touch the session store); the contract router's access guard and
 * the handlers all read the same answer.
 */
export function createActorResolver(deps: ActorDeps): (c: Context<AppEnv>) => Promise<Actor> {
  const actors = new WeakMap<Request, Promise<Actor>>();
  const guestCookie = guestCookieName(deps.secureCookies);
  async function lookup(c: Context<AppEnv>): Promise<Actor> {
    const session = await deps.sessionActor(c.req.raw.headers);
    const guestTrialId = verifyGuestCookie(deps.guestSecret, getCookie(c, guestCookie));
    if (!session) return { ...anonymous, guestTrialId };
    const actor: Actor = {
      userId: session.userId,
      guestTrialId,
      isAdmin: session.role === "admin",
    };
    if (session.user) actor.user = session.user;
    return actor;
  }
  return (c) => {
    let actor = actors.get(c.req.raw);
    if (!actor) {
      actor = lookup(c);
      actors.set(c.req.raw, actor);
    }
    return actor;
  };
}
