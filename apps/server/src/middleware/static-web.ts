import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { isWebPage } from "@rupa/shared/web-pages";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/http";
import { acceptsGzip, COMPRESS_THRESHOLD, isCompressible } from "./compress";

const gzipped = promisify(gzip);
/** At most this many hashed files are kept in memory (a build has a few hundred). */
const ASSETS_KEPT = 1000;

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

/** The web build's server renderer, dist/ssr/entry-server.js (apps/web/src/entry-server.tsx). */
type WebRenderer = {
  ssrPaths: readonly string[];
  /** The query parameters a path reads while rendering (the rest are dropped from its key). */
  ssrSearchParams?: (pathname: string) => readonly string[];
  /** The query parameters whose page only the app shows: with one, no rendering. */
  appOnlySearchParams?: (pathname: string) => readonly string[];
  dataSources: (pathname: string) => Record<string, string | undefined>;
  renderPage: (input: {
    url: string;
    template: string;
    lang?: string;
    data: Record<string, unknown>;
  }) => Promise<string | null>;
};

export type StaticWebOptions = {
  /** Answers an API path inside this process (the app's own `request`), for server rendering. */
  fetchApi?: (apiPath: string, init: RequestInit, c: Context<AppEnv>) => Promise<Response>;
  /**
   * Subscribes to changes of the data pages are rendered from (the catalogue): the rendered
   * pages are dropped at once, so an admin's change shows on /eksplor on the next visit.
   */
  onDataChange?: (listener: () => void) => unknown;
};

/**
 * How long the browser keeps a file of the build (`top` is the first part of its path): the
 * hashed files under assets/ for a year, the service worker (apps/web/src/lib/pwa/sw.ts) not
 * without checking (a new build's worker is found on the next visit), others for an hour.
 */
function cacheControlOf(top: string, rel: string): string {
  if (top === "assets") return "public, max-age=31536000, immutable";
  return rel === "/sw.js" ? "no-cache" : "public, max-age=3600";
}

/** How long a visitor's rendered page is reused (all visitors see the same public data). */
const RENDER_CACHE_MS = 10_000;
const RENDER_CACHE_MAX = 100;
/** The visitor's language (the client mirrors its stored choice here); anything else is ignored. */
const LANG_COOKIE = /(?:^|;\s*)rupa\.lang=(id|en)(?:;|$)/;

/** The middleware, and the app's not-found page for addresses another route turns away. */
export type StaticWeb = MiddlewareHandler<AppEnv> & {
  /** index.html with status 404 for a GET or HEAD (the SPA shows its not-found page), else text. */
  notFound: (c: Context<AppEnv>) => Promise<Response>;
};

/**
 * Serves the built web app's files (cacheControlOf says for how long), and answers every other
 * GET outside /api with index.html: with status 200 at one of the web's pages
 * (`isWebPage`, the list the web's router is built from), with 404 anywhere else, where the SPA
 * shows its not-found page. A missing file with an extension is a plain 404.
 *
 * When the build has a server renderer (dist/ssr, docs/decisions/009) and `fetchApi` is given,
 * a visitor's request for one of its paths (the landing page, /eksplor) is answered with the page
 * rendered into index.html, from the same API answers the browser would fetch; a signed-in user,
 * or any failure, gets the plain index.html. /ssr/ itself is never served.
 */
export function staticWeb(distDir: string, opts: StaticWebOptions = {}): StaticWeb {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, "index.html");
  /** index.html, read once: its bytes as served and its text as the renderer's template. */
  let indexHtml: { bytes: Uint8Array<ArrayBuffer>; text: string } | null = null;
  const rendererFile = path.join(root, "ssr", "entry-server.js");
  let renderer: Promise<WebRenderer | null> | null = null;
  const rendered = new Map<string, { at: number; html: Promise<string | null> }>();
  opts.onDataChange?.(() => rendered.clear());
  /**
   * The hashed files under assets/ never change while the build is served: each is read once and,
   * when first asked for gzipped, compressed once (on the thread pool); later visitors' scripts
   * cost neither a disk read nor compression (issue 33).
   */
  const assets = new Map<
    string,
    { body: Uint8Array<ArrayBuffer>; gzip?: Promise<Uint8Array<ArrayBuffer>> }
  >();

  const loadRenderer = (): Promise<WebRenderer | null> =>
    (renderer ??= fs.existsSync(rendererFile)
      ? (import(pathToFileURL(rendererFile).href) as Promise<WebRenderer>)
      : Promise.resolve(null));

  /** The rendered page for this request, or null to answer the plain index.html. */
  async function renderFor(c: Context<AppEnv>, template: string): Promise<string | null> {
    const fetchApi = opts.fetchApi;
    if (!fetchApi || c.req.method !== "GET") return null;
    const web = await loadRenderer();
    if (!web?.ssrPaths.includes(c.req.path)) return null;
    const url = new URL(c.req.url);
    if (web.appOnlySearchParams?.(url.pathname).some((name) => url.searchParams.has(name)))
      return null;
    const cookie = c.req.header("cookie") ?? "";
    const lang = LANG_COOKIE.exec(cookie)?.[1];
    const sources = web.dataSources(c.req.path);
    const getJson = async (
      apiPath: string,
      headers: Record<string, string> = {},
    ): Promise<unknown> => {
      const res = await fetchApi(apiPath, { headers }, c);
      return res.ok ? res.json() : undefined;
    };

    // Only visitors get the rendered page: with cookies, ask the account API who this is.
    let me: unknown = { user: null };
    if (sources.me && cookie) {
      me = await getJson(sources.me, { cookie });
      if (me === undefined || (me as { user?: unknown }).user !== null) return null;
    }

    // Rendered (and cached) with only the parameters that path reads: one entry per language,
    // path and sort/group (or tab), whatever else (?ref=…) the link carries.
    const kept = new URLSearchParams();
    for (const name of web.ssrSearchParams?.(url.pathname) ?? []) {
      const value = url.searchParams.get(name);
      if (value !== null && value.length <= 40) kept.set(name, value);
    }
    const renderUrl = `${url.origin}${url.pathname}${kept.size > 0 ? `?${kept.toString()}` : ""}`;
    const key = `${lang ?? ""} ${renderUrl}`;
    const now = Date.now();
    const hit = rendered.get(key);
    if (hit && now - hit.at < RENDER_CACHE_MS) return hit.html;
    const html = (async () => {
      const data: Record<string, unknown> = {};
      await Promise.all(
        Object.entries(sources).map(async ([name, apiPath]) => {
          if (name === "me" || !apiPath) return;
          data[name] = await getJson(apiPath);
        }),
      );
      if (sources.me) data.me = me;
      return web.renderPage({ url: renderUrl, template, ...(lang ? { lang } : {}), data });
    })();
    // Expired entries go first, then the oldest (a Map keeps insertion order).
    for (const [k, v] of rendered) if (now - v.at >= RENDER_CACHE_MS) rendered.delete(k);
    while (rendered.size >= RENDER_CACHE_MAX) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, { at: now, html });
    html.catch(() => rendered.delete(key));
    return html;
  }

  /**
   * index.html (or what `render` made of it) as a page with `status`, no body for HEAD; 503
   * before the web is built.
   */
  async function answerPage(
    c: Context<AppEnv>,
    status: 200 | 404,
    render?: (template: string) => Promise<string | null>,
  ): Promise<Response> {
    indexHtml ??= await fs.promises
      .readFile(indexFile)
      .then((file) => ({ bytes: new Uint8Array(file), text: file.toString("utf8") }))
      .catch(() => null);
    if (!indexHtml) return c.text("The web app is not built yet: run npm run build.", 503);
    c.header("Content-Type", "text/html; charset=utf-8");
    c.header("Cache-Control", "no-cache");
    c.header("Vary", "Cookie");
    if (c.req.method === "HEAD") return c.body(null, status);
    const page = render ? await render(indexHtml.text) : null;
    return page === null ? c.body(indexHtml.bytes, status) : c.body(page, status);
  }

  const notFound = (c: Context<AppEnv>): Promise<Response> =>
    c.req.method === "GET" || c.req.method === "HEAD"
      ? answerPage(c, 404)
      : Promise.resolve(c.text("Not found", 404));

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
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
    // The server renderer and anything hidden (the build's manifest in .vite, for bench:landing)
    // are never served, however the path is spelled (//ssr, %2fssr, ../ssr).
    const parts = path.relative(root, full).split(path.sep);
    const top = parts[0] ?? "";
    if (top === "ssr" || parts.some((part) => part.startsWith(".") && part !== ".."))
      return c.text("Not found", 404);
    if (full.startsWith(root + path.sep) && path.extname(full)) {
      let file:
        | { body: Uint8Array<ArrayBuffer>; gzip?: Promise<Uint8Array<ArrayBuffer>> }
        | undefined;
      try {
        file = assets.get(full) ?? { body: new Uint8Array(await fs.promises.readFile(full)) };
      } catch {
        return c.text("Not found", 404);
      }
      const type = TYPES[path.extname(full)] ?? "application/octet-stream";
      c.header("Content-Type", type);
      c.header("Cache-Control", cacheControlOf(top, rel));
      if (top !== "assets") return method === "HEAD" ? c.body(null) : c.body(file.body);
      if (!assets.has(full) && assets.size < ASSETS_KEPT) assets.set(full, file);
      if (
        !isCompressible(type) ||
        file.body.byteLength < COMPRESS_THRESHOLD ||
        !acceptsGzip(c.req.header("Accept-Encoding"))
      )
        return method === "HEAD" ? c.body(null) : c.body(file.body);
      // A failed compression is not kept: the next request tries again.
      const zipped = await (file.gzip ??= gzipped(file.body).then(
        (b) => new Uint8Array(b),
        (error: unknown) => {
          file.gzip = undefined;
          throw error;
        },
      ));
      c.header("Content-Encoding", "gzip");
      c.header("Vary", "Accept-Encoding");
      c.header("Content-Length", String(zipped.byteLength));
      return method === "HEAD" ? c.body(null) : c.body(zipped);
    }
    // Any other address is not one of the web's pages: the SPA shows its not-found page.
    if (!isWebPage(c.req.path)) return answerPage(c, 404);
    return answerPage(c, 200, (template) =>
      renderFor(c, template).catch((error: unknown) => {
        c.get("log")?.warn({ err: error, path: c.req.path }, "server rendering failed");
        return null;
      }),
    );
  };
  return Object.assign(middleware, { notFound });
}
