import type { SettingKey } from "@rupa/shared";
import type { MiddlewareHandler } from "hono";
import type { AppContext } from "../context";
import type { Actor } from "../lib/actor";
import type { AppEnv } from "../lib/http";

/** Whose budget one request spends: any of these that is set is counted on its own. */
export type LimitKeys = Record<"ip" | "user" | "guest", string | null | undefined>;

export interface RouteLimit {
  /** The bucket's name (one budget may be shared by several routes, e.g. "generations"). */
  name: string;
  /** A fixed number of requests per window, or the app setting that holds it. */
  limit: number | SettingKey;
  windowSeconds: number;
  /** The identifiers a request counts against, from its verified actor and its address. */
  by: (actor: Actor, ip: string) => Partial<LimitKeys>;
}

/**
 * The one rate limit for API routes: counts the request against each of its identifiers before
 * the handler runs (and before its body is read), and answers 429 with Retry-After when any is
 * over the limit. The sign-in limits, which count failures only, live in the account module.
 */
export function rateLimit(ctx: AppContext, rule: RouteLimit): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const actor = await ctx.resolveActor(c);
    const limit =
      typeof rule.limit === "number" ? rule.limit : await ctx.services.settings.getInt(rule.limit);
    await ctx.services.limiter.consume(
      { name: rule.name, limit, windowSeconds: rule.windowSeconds },
      rule.by(actor, c.get("clientIp")),
    );
    await next();
  };
}
