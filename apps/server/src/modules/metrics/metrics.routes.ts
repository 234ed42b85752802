import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";

/** Compares two secrets in constant time (their digests: equal lengths whatever was sent). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics: this process's figures in Prometheus' text format, for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Mounted only when the token is set.
 */
export function metricsRoutes(ctx: AppContext, token: string) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const auth = c.req.header("authorization") ?? "";
    const given = /^Bearer (.+)$/i.exec(auth)?.[1]?.trim();
    if (!given || !sameSecret(given, token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      c.header("Cache-Control", "no-store");
      return c.text("unauthorized\n", 401);
    }
    const { contentType, body } = await ctx.metrics.scrape();
    c.header("Cache-Control", "no-store");
    return c.body(body, 200, { "Content-Type": contentType });
  });
}
