/**
 * Rupa's service worker, built into dist/sw.js (vite.pwa.ts) as a classic script. The build
 * writes in its version and its list of files; which request goes where is cacheRoute's call.
 */
import {
  ASSETS_CACHE,
  OFFLINE_FILES,
  OFFLINE_PAGE,
  PREVIEWS_CACHE,
  cacheRoute,
  mayStore,
  offlineCacheName,
  staleCaches,
  toEvict,
  type CacheRoute,
} from "./cache-route";

declare const __RUPA_SW_VERSION__: string;
declare const __RUPA_SW_ASSETS__: readonly string[];

// The worker's own types (the web app's TypeScript knows the DOM's, not a worker's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration & {
    navigationPreload?: { enable(): Promise<void> };
  };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
}
declare const self: WorkerScope;

const VERSION = __RUPA_SW_VERSION__;
const ASSETS: ReadonlySet<string> = new Set(__RUPA_SW_ASSETS__);
const OFFLINE_CACHE = offlineCacheName(VERSION);
const ORIGIN = self.location.origin;

self.addEventListener("install", (event) => {
  // The offline page of this build, fetched past the HTTP cache so it is never an older one.
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) =>
        cache.addAll(OFFLINE_FILES.map((path) => new Request(path, { cache: "reload" }))),
      )
      .then(() => self.skipWaiting()),
  );
});

async function trim(cacheName: string): Promise<void> {
  const cache = await caches.open(cacheName);
  const urls = (await cache.keys()).map((request) => request.url);
  await Promise.all(toEvict(cacheName, urls, ASSETS).map((url) => cache.delete(url)));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await self.registration.navigationPreload?.enable();
      await Promise.all(staleCaches(await caches.keys(), VERSION).map((n) => caches.delete(n)));
      await trim(ASSETS_CACHE);
      await trim(PREVIEWS_CACHE);
      await self.clients.claim();
    })(),
  );
});

let previewTrim: Promise<void> | null = null;

/** Keeps the previews under their cap, once for a page's worth of new ones rather than each. */
function trimPreviewsSoon(): Promise<void> {
  previewTrim ??= new Promise((resolve) => setTimeout(resolve, 2000))
    .then(() => trim(PREVIEWS_CACHE))
    .finally(() => {
      previewTrim = null;
    });
  return previewTrim;
}

/** From the cache, else the network; a whole public answer is stored for next time. */
async function cacheFirst(event: FetchEvent, route: CacheRoute, cacheName: string) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(event.request);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (mayStore(route, response)) {
    const stored = cache.put(event.request, response.clone());
    event.waitUntil(route === "preview" ? stored.then(trimPreviewsSoon) : stored);
  }
  return response;
}

/** The network (the navigation preload's answer when there is one); offline, the offline page. */
async function networkFirst(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded ?? (await fetch(event.request));
  } catch {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: OFFLINE_CACHE });
    return offline ?? Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const route = cacheRoute(event.request, ORIGIN, ASSETS);
  if (route === "navigation") event.respondWith(networkFirst(event));
  else if (route === "asset") event.respondWith(cacheFirst(event, route, ASSETS_CACHE));
  else if (route === "preview") event.respondWith(cacheFirst(event, route, PREVIEWS_CACHE));
  else if (route === "offline-file") {
    event.respondWith(
      caches
        .match(event.request, { cacheName: OFFLINE_CACHE })
        .then((hit) => hit ?? fetch(event.request)),
    );
  } else if (event.request.mode === "navigate") {
    // An API address opened as a page (a sign-in callback, a download): the navigation preload
    // has already sent it, so that answer is the one to use, as it is (no cache, no offline
    // page). Left alone, the browser would drop it and send the request again, and a one-time
    // code in it (Google's sign-in) would reach the server twice.
    event.respondWith(event.preloadResponse.then((preloaded) => preloaded ?? fetch(event.request)));
  }
  // Anything else on "network": no answer from here, the browser fetches it as if there were no
  // worker.
});
