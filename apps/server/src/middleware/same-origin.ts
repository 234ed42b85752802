import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/http";
import { errors } from "../lib/errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing API requests sent by another site's page (CSRF): the Origin header, or
 * failing that Sec-Fetch-Site, must say the request comes from Rupa itself. Requests without
 * either (server-to-server webhooks, curl) pass and rely on their own authentication.
 */
export function sameOriginMutations(
  publicUrl: string,
  exempt: (path: string) => boolean = () => false,
): MiddlewareHandler<AppEnv> {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE.has(c.req.method) || exempt(c.req.path)) return next();
    const origin = c.req.header("origin");
    if (origin) {
      const own = new URL(c.req.url).origin;
      if (origin !== allowed && origin !== own)
        throw errors.forbidden("Cross-origin request refused");
    } else if (c.req.header("sec-fetch-site") === "cross-site") {
      throw errors.forbidden("Cross-origin request refused");
    }
    return next();
  };
}
