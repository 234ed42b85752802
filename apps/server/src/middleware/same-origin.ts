import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/http";
import { errors } from "../lib/errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin of a URL, or null when it is not one (a Referer of `about:blank`, garbage). */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests that another site's page could have sent (CSRF). A browser
 * says where a request comes from in up to three headers, and every one it sends must say Rupa:
 * `Origin` must be `PUBLIC_URL`'s origin (or the one the request was addressed to),
 * `Sec-Fetch-Site` must not be `cross-site` or `same-site` (a sibling subdomain), and `Referer`
 * must be a page of that origin. A write with none of the three is refused too: every browser
 * sends at least one, so only a script would. Server-to-server endpoints that prove themselves
 * another way (signed webhooks, the payment simulator's Midtrans-style API) are `exempt`.
 */
export function sameOriginMutations(
  publicUrl: string,
  exempt: (path: string) => boolean = () => false,
): MiddlewareHandler<AppEnv> {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE.has(c.req.method) || exempt(c.req.path)) return next();
    const addressed = originOf(c.req.url);
    const own = (origin: string | null) =>
      origin !== null && (origin === allowed || origin === addressed);
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const referer = c.req.header("referer");
    if (origin === undefined && site === undefined && referer === undefined)
      throw errors.forbidden(
        "Cross-origin request refused: the request says nothing of its origin",
      );
    if (origin !== undefined && !own(originOf(origin)))
      throw errors.forbidden("Cross-origin request refused");
    if (site === "cross-site" || site === "same-site")
      throw errors.forbidden("Cross-origin request refused");
    if (referer !== undefined && !own(originOf(referer)))
      throw errors.forbidden("Cross-origin request refused");
    return next();
  };
}
