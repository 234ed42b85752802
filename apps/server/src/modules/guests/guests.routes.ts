import { guestsContract } from "@rupa/shared";
import { setCookie } from "hono/cookie";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/errors";
import { contractRoutes } from "../../middleware/auth-guards";
import { guestCookieName, signGuestId } from "./guest-cookie";
import { rateLimit, type RouteLimit } from "../../middleware/rate-limit";

/** New guest sessions, per address. */
const guestSessionLimit: RouteLimit = {
  name: "guest-session",
  limit: 30,
  windowSeconds: 3600,
  by: (_actor, ip) => ({ ip }),
};

/** /api/guest: the visitor's free try, tied to a hashed fingerprint and a signed cookie. */
export function guestRoutes(ctx: AppContext) {
  const guests = ctx.services.guests;
  return contractRoutes(ctx)
    .on(guestsContract.session, rateLimit(ctx, guestSessionLimit), async (c, { body }) => {
      const { fingerprint } = body;
      const { trial, status } = await guests.session(fingerprint, c.get("clientIp"));
      const secure = ctx.env.PUBLIC_URL.startsWith("https:");
      setCookie(c, guestCookieName(secure), signGuestId(ctx.guestSecret, trial.id), {
        httpOnly: true,
        sameSite: "Lax",
        secure,
        path: "/",
        maxAge: 60 * 60 * 24 * 30,
      });
      return { status: 200, body: status };
    })
    .on(guestsContract.status, async (c, { actor }) => {
      if (!actor.guestTrialId)
        throw new AppError("guest_session_required", 401, "No guest session yet");
      return { status: 200, body: await guests.status(actor.guestTrialId, c.get("clientIp")) };
    }).hono;
}
