import { guestSessionRequestSchema } from "@rupa/shared";
import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { AppError } from "../../lib/errors";
import { readJson } from "../../lib/http";
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
  return new Hono<AppEnv>()
    .post("/session", rateLimit(ctx, guestSessionLimit), async (c) => {
      const { fingerprint } = await readJson(c, guestSessionRequestSchema);
      const { trial, status } = await guests.session(fingerprint, c.get("clientIp"));
      const secure = ctx.env.PUBLIC_URL.startsWith("https:");
      setCookie(c, guestCookieName(secure), signGuestId(ctx.guestSecret, trial.id), {
        httpOnly: true,
        sameSite: "Lax",
        secure,
        path: "/",
        maxAge: 60 * 60 * 24 * 30,
      });
      return c.json(status);
    })
    .get("/status", async (c) => {
      const actor = await ctx.resolveActor(c);
      if (!actor.guestTrialId)
        throw new AppError("guest_session_required", 401, "No guest session yet");
      return c.json(await guests.status(actor.guestTrialId, c.get("clientIp")));
    });
}
