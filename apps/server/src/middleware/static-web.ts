import fs from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/**
 * Serves the built web app: hashed files under /assets are cached for a year, other files for an
 * hour, and every other GET outside /api answers index.html (the SPA decides what to show,
 * including its 404 page). A missing file with an extension is a plain 404.
 */
export function staticWeb(distDir: string): MiddlewareHandler<AppEnv> {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, "index.html");
  let indexHtml: Buffer | null = null;

  return async (c, next) => {
    const method = c.req.method;
    if (
      (method !== "GET" && method !== "HEAD") ||
      c.req.path.startsWith("/api/") ||
      c.req.path === "/api"
    ) {
      return next();
    }
    let rel: string;
    try {
      rel = decodeURIComponent(c.req.path);
    } catch {
      return c.text("Bad request", 400);
    }
    const full = path.resolve(root, `.${rel}`);
    if (full.startsWith(root + path.sep) && path.extname(full)) {
      try {
        const body = await fs.promises.readFile(full);
        const immutable = rel.startsWith("/assets/");
        c.header("Content-Type", TYPES[path.extname(full)] ?? "application/octet-stream");
        c.header(
          "Cache-Control",
          immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
        return method === "HEAD" ? c.body(null) : c.body(new Uint8Array(body));
      } catch {
        return c.text("Not found", 404);
      }
    }
    indexHtml ??= await fs.promises.readFile(indexFile).catch(() => null);
    if (!indexHtml) return c.text("The web app is not built yet: run npm run build.", 503);
    c.header("Content-Type", "text/html; charset=utf-8");
    c.header("Cache-Control", "no-cache");
    return method === "HEAD" ? c.body(null) : c.body(new Uint8Array(indexHtml));
  };
}
