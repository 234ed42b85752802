import type { RouteAccess } from "@rupa/shared";
import type { Context } from "hono";
import type { AppContext } from "../context";
import type { AppEnv } from "../lib/http";
import { contractRouter } from "../lib/contract-router";
import { errors } from "../lib/errors";

/**
 * A router that mounts routes from their contracts, with this app's guards and checks: member
 * routes answer 401 to visitors, admin routes 401 to visitors and 403 to everyone else, checked
 * on every request; the handler gets the actor the guard resolved (once per request).
 */
export function contractRoutes(ctx: AppContext) {
  return contractRouter({
    checkResponses: ctx.env.NODE_ENV !== "production",
    async guard(access: RouteAccess, c: Context<AppEnv>) {
      if (access === "public") return undefined;
      const actor = await ctx.resolveActor(c);
      if (access === "member" || access === "admin") {
        if (!actor.userId) throw errors.unauthorized();
        if (access === "admin" && !actor.isAdmin) throw errors.forbidden("Admins only");
      }
      return actor;
    },
  });
}
