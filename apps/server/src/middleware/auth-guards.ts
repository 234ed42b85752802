import type { RouteAccess } from "@rupa/shared";
import type { Context } from "hono";
import type { AppContext } from "../context";
import type { AppEnv } from "../lib/http";
import { contractRouter } from "../lib/contract-router";
import { errors } from "../lib/errors";

/** The signed-in user's id, or 401. */
export async function requireUser(ctx: AppContext, c: Context<AppEnv>): Promise<string> {
  const actor = await ctx.resolveActor(c);
  if (!actor.userId) throw errors.unauthorized();
  return actor.userId;
}

/** The signed-in admin's id; 401 for visitors, 403 for everyone else. Checked on every request. */
export async function requireAdmin(ctx: AppContext, c: Context<AppEnv>): Promise<string> {
  const actor = await ctx.resolveActor(c);
  if (!actor.userId) throw errors.unauthorized();
  if (!actor.isAdmin) throw errors.forbidden("Admins only");
  return actor.userId;
}

/** A router that mounts routes from their contracts, with this app's guards and checks. */
export function contractRoutes(ctx: AppContext) {
  return contractRouter({
    checkResponses: ctx.env.NODE_ENV !== "production",
    async guard(access: RouteAccess, c: Context<AppEnv>) {
      if (access === "member") await requireUser(ctx, c);
      else if (access === "admin") await requireAdmin(ctx, c);
    },
  });
}
