import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Metrics } from "../infra/metrics/metrics";
import type { AppEnv } from "../lib/http";

/**
 * The route pattern a request was answered by (`/api/generations/:id`), never its raw path (ids
 * would make a series per request): the last matched route bound to a method. Middleware is
 * bound to every method; a request no route took is `/api/unmatched` under /api and `web`
 * (the built web app's pages and files) elsewhere.
 */
export function routeLabel(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i]!;
    if (route.method !== "ALL") return route.path;
  }
  return /^\/api(\/|$)/.test(c.req.path) ? "/api/unmatched" : "web";
}

/** Counts and times every answered request when metrics are on (docs/production.md, Metrics). */
export function httpMetrics(metrics: Metrics): MiddlewareHandler<AppEnv> {
  if (!metrics.enabled) return (_c, next) => next();
  return async (c, next) => {
    const start = performance.now();
    await next();
    metrics.httpRequest(
      routeLabel(c),
      c.req.method,
      c.res.status,
      (performance.now() - start) / 1000,
    );
  };
}
