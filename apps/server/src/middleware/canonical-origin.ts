import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/http";
import { canonicalRedirect, linkOrigin, type LinkOriginConfig } from "../lib/link-origin";

/**
 * The origin of every link built for this request (`linkOrigin`, read through `requestMeta`),
 * and, when PUBLIC_URL is set, the one canonical origin (ADR 035): a page (a GET or HEAD outside
 * `/api`) asked for on another host is sent to the same address on PUBLIC_URL, so the buyer, the
 * person who confirms an e-mail and everyone else hold their session on one origin. The API
 * (its health checks included) and /metrics (scraped by address) answer on any host.
 */
export function canonicalOrigin(env: LinkOriginConfig): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    c.set("linkOrigin", linkOrigin(env, url, c.req.header("x-forwarded-proto")));
    if (
      (c.req.method === "GET" || c.req.method === "HEAD") &&
      !/^\/(api|metrics)(\/|$)/.test(c.req.path)
    ) {
      const to = canonicalRedirect(env, url);
      if (to) return c.redirect(to, 301);
    }
    return next();
  };
}
