/**
 * What the service worker (sw.ts) does with a request: a pure decision, so it is tested without a
 * browser. Only two kinds of answers are ever stored, both the same for every visitor: the
 * build's hashed files (/assets/*, immutable) and the catalogue's public style previews. Nothing
 * else under /api/ is touched, so no one's account, gallery, uploads or payments can be answered
 * from the cache, to them or anyone else. Pages are never stored either: a navigation goes to the
 * network, and only when there is none does it get the offline page.
 */

/** Cache names: the offline page's carries the build's version; the other two outlive builds. */
const CACHE_PREFIX = "rupa-";
export const ASSETS_CACHE = "rupa-assets";
export const PREVIEWS_CACHE = "rupa-previews";
export const offlineCacheName = (version: string): string => `rupa-offline-${version}`;

/** The offline page and its script, stored when the worker installs. */
export const OFFLINE_PAGE = "/offline.html";
export const OFFLINE_FILES = [OFFLINE_PAGE, "/offline.js"] as const;

/** At most this many style previews are kept (about 30 KB each: a few megabytes in all). */
export const MAX_PREVIEWS = 120;

/**
 * A public style preview: /api/files/style-previews/public/<yyyy>/<mm>/<uuid>[-variant].<ext>
 * (the server's object keys, apps/server/src/infra/storage/storage.ts). A member's or a guest's
 * files (u-…, g-…) and any other bucket never match.
 */
const PREVIEW_PATH =
  /^\/api\/files\/style-previews\/public\/\d{4}\/\d{2}\/[0-9a-f-]{36}(?:-[a-z0-9]{1,16})?\.(?:jpg|png|webp)$/;

export type CacheRoute =
  /** A file of this build: from the cache, else the network (then stored). */
  | "asset"
  /** A public style preview: from the cache, else the network (then stored, capped). */
  | "preview"
  /** The offline page's own files: from the cache the worker filled when it installed. */
  | "offline-file"
  /** A page: the network; without one, the offline page. Never stored. */
  | "navigation"
  /**
   * Everything else (the API above all): the worker stays out of the way. (An API address
   * opened as a page gets the navigation preload's answer, which is that same request.)
   */
  | "network";

export type RouteRequest = { method: string; url: string; mode: string };

/**
 * The route of `request` for a worker at `origin` whose build has the files `assets`
 * (paths such as "/assets/index-abc123.js").
 */
export function cacheRoute(
  request: RouteRequest,
  origin: string,
  assets: ReadonlySet<string>,
): CacheRoute {
  if (request.method !== "GET") return "network";
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return "network";
  }
  if (url.origin !== origin) return "network";
  const path = url.pathname;
  if (request.mode === "navigate") {
    // API addresses opened as pages (sign-in callbacks, downloads) are the server's business.
    return path === "/api" || path.startsWith("/api/") ? "network" : "navigation";
  }
  // A query string makes it another request (?download=1 is an attachment): not ours.
  if (url.search !== "") return "network";
  if (assets.has(path)) return "asset";
  if (PREVIEW_PATH.test(path)) return "preview";
  if ((OFFLINE_FILES as readonly string[]).includes(path)) return "offline-file";
  return "network";
}

/** The parts of a response `mayStore` looks at. */
export type StoredResponse = {
  status: number;
  type: string;
  headers: { get(name: string): string | null };
};

/**
 * Whether an answer on `route` may go into the cache: a whole, same-origin 200, and for a
 * preview, one the server itself marked public and the same for everyone (a check on top of the
 * address, so a change on the server cannot make the worker keep someone's file).
 */
export function mayStore(route: CacheRoute, response: StoredResponse): boolean {
  if (route !== "asset" && route !== "preview") return false;
  if (response.status !== 200 || response.type !== "basic") return false;
  if (route === "asset") return true;
  const cacheControl = (response.headers.get("cache-control") ?? "").toLowerCase();
  const vary = (response.headers.get("vary") ?? "").toLowerCase();
  return (
    /\bpublic\b/.test(cacheControl) &&
    !/\b(private|no-store)\b/.test(cacheControl) &&
    !vary.includes("cookie") &&
    !vary.includes("*")
  );
}

/**
 * The stored requests to drop: assets no longer in this build, and previews beyond `max`
 * (oldest first: a cache lists its entries in the order they were put).
 */
export function toEvict(
  cacheName: string,
  storedUrls: readonly string[],
  assets: ReadonlySet<string>,
  max = MAX_PREVIEWS,
): string[] {
  if (cacheName === ASSETS_CACHE) {
    return storedUrls.filter((url) => !assets.has(new URL(url).pathname));
  }
  if (cacheName === PREVIEWS_CACHE) {
    return storedUrls.slice(0, Math.max(0, storedUrls.length - max));
  }
  return [];
}

/** The caches an activating worker deletes: Rupa's caches of other builds or names. */
export function staleCaches(names: readonly string[], version: string): string[] {
  const keep = new Set([ASSETS_CACHE, PREVIEWS_CACHE, offlineCacheName(version)]);
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && !keep.has(name));
}
