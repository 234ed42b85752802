import { INDEXED_PAGES } from "@rupa/shared/web-pages";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/http";
import { escapeHtml } from "../../lib/html";

const esc = escapeHtml;

/**
 * GET /sitemap.xml: the public pages (INDEXED_PAGES) at this request's link origin (the canonical
 * one when PUBLIC_URL is set, ADR 035).
 */
export function sitemapRoutes() {
  return new Hono<AppEnv>().get("/", (c) => {
    const origin = c.get("linkOrigin");
    const urls = INDEXED_PAGES.map((page) => `  <url><loc>${esc(origin + page)}</loc></url>`).join(
      "\n",
    );
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    );
  });
}

/** GET /robots.txt: everything may be crawled; the sitemap is named. */
export function robotsRoutes() {
  return new Hono<AppEnv>().get("/", (c) => {
    c.header("Content-Type", "text/plain; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(`User-agent: *\nAllow: /\n\nSitemap: ${c.get("linkOrigin")}/sitemap.xml\n`);
  });
}
