import type { Context } from "hono";
import type { AppContext } from "../context";
import type { AppEnv } from "../lib/http";
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
