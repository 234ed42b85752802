import type { MiddlewareHandler } from "hono";
import type { AppContext } from "../context";
import { errors } from "../lib/errors";
import type { AppEnv } from "../lib/http";
import { requestMeta } from "../lib/request-meta";
import { limiterKey } from "../modules/rate-limit/rate-limit.service";

/**
 * Paths the API-wide limit leaves alone: health checks (load balancers poll them), webhooks and
 * payment notifications (a provider's retries are not a visitor's requests), and stored images
 * (a gallery page shows dozens; they are cached by the browser and served after an owner check).
 */
const EXEMPT = [
  /^\/api\/health(?:\/live|\/ready)?$/,
  /^\/api\/generations\/health$/,
  /^\/api\/webhooks\//,
  /^\/api\/payments\/midtrans\/notification$/,
  /^\/api\/files\//,
];

/** better-auth's session cookie (`rupa.session_token`, `__Host-rupa.session_token`). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?rupa\.session_token=/;

/**
 * The API-wide limit (ADR 018): `rate_limit_api_per_hour` requests per hour per signed-in user,
 * or per network address for visitors, over /api/* (see EXEMPT). Admins are not limited (an
 * admin who set the limit too low could not undo it). Over the limit: 429 with Retry-After, and
 * one `rate_limited` security event per key and window (and process). Costs a Map lookup and
 * cached settings, never a database round trip (on PostgreSQL the counts are shared by a flush
 * about once a second, see api-limiter.ts); the session is read only when the request carries a
 * session cookie (most such routes read it anyway, once per request).
 */
export function apiRateLimit(ctx: AppContext): MiddlewareHandler<AppEnv> {
  const { settingsCache, apiLimiter, security } = ctx.services;
  return async (c, next) => {
    const path = c.req.path;
    if (
      EXEMPT.some((re) => re.test(path)) ||
      !(await settingsCache.getBool("rate_limit_api_enabled"))
    )
      return next();
    const limit = await settingsCache.getInt("rate_limit_api_per_hour");
    const ip = c.get("clientIp");
    let userId: string | null = null;
    if (SESSION_COOKIE.test(c.req.header("cookie") ?? "")) {
      const actor = await ctx.resolveActor(c);
      if (actor.isAdmin) return next();
      userId = actor.userId;
    }
    const key = userId ? limiterKey("api", "user", userId) : limiterKey("api", "ip", ip);
    const verdict = apiLimiter.hit(key, limit);
    if (verdict.allowed) return next();
    if (verdict.firstRefusal) {
      // Once per key and window, so awaiting it costs nothing on the busy path.
      await security
        .record({
          type: "rate_limited",
          severity: "warning",
          userId,
          from: requestMeta(c),
          details: { endpoint: "api", by: userId ? "user" : "ip", limit, path },
        })
        .catch((err: unknown) => c.get("log").warn({ err }, "rate-limit event not recorded"));
    }
    throw errors.rateLimited(verdict.retryAfterSeconds);
  };
}
