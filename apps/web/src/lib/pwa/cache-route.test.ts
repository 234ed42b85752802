import { describe, expect, it } from "vitest";
import {
  ASSETS_CACHE,
  MAX_PREVIEWS,
  PREVIEWS_CACHE,
  cacheRoute,
  mayStore,
  offlineCacheName,
  staleCaches,
  toEvict,
  type CacheRoute,
} from "./cache-route";

const ORIGIN = "https://rupa.example";
const ASSETS = new Set([
  "/assets/index-abc123.js",
  "/assets/index-def456.css",
  "/assets/id-x1.json",
]);
const PREVIEW =
  "/api/files/style-previews/public/2026/11/0b6c8f7e-2f7a-4c1e-9d0a-3e5f6a7b8c9d-card.webp";

const route = (path: string, init: { method?: string; mode?: string } = {}): CacheRoute =>
  cacheRoute(
    {
      url: path.startsWith("http") ? path : `${ORIGIN}${path}`,
      method: "GET",
      mode: "cors",
      ...init,
    },
    ORIGIN,
    ASSETS,
  );

describe("cacheRoute", () => {
  it("keeps this build's hashed files and the public style previews", () => {
    expect(route("/assets/index-abc123.js")).toBe("asset");
    expect(route("/assets/id-x1.json")).toBe("asset");
    expect(route(PREVIEW)).toBe("preview");
    expect(route(PREVIEW.replace("-card.webp", ".jpg"))).toBe("preview");
    expect(route("/offline.js")).toBe("offline-file");
  });

  it("never touches the API's personal answers", () => {
    for (const path of [
      "/api/account/me",
      "/api/gallery",
      "/api/generations/g1",
      "/api/uploads",
      "/api/payments/orders",
      "/api/admin/users",
      "/api/styles",
      "/api/guests/trial",
      // A member's and a guest's own files, and a public file of another bucket.
      "/api/files/generated-avatars/u-user_1/2026/11/0b6c8f7e-2f7a-4c1e-9d0a-3e5f6a7b8c9d.webp",
      "/api/files/user-uploads/g-trial_1/2026/11/0b6c8f7e-2f7a-4c1e-9d0a-3e5f6a7b8c9d.jpg",
      "/api/files/style-previews/u-user_1/2026/11/0b6c8f7e-2f7a-4c1e-9d0a-3e5f6a7b8c9d.webp",
      "/api/files/generated-avatars/public/2026/11/0b6c8f7e-2f7a-4c1e-9d0a-3e5f6a7b8c9d.webp",
      // Spelled to look like a preview: other path, a download, an encoded slash.
      "/api/files/style-previews/public/../../account/me",
      `${PREVIEW}?download=1`,
      "/api/files/style-previews/public%2F2026/11/0b6c8f7e-2f7a-4c1e-9d0a-3e5f6a7b8c9d.webp",
      `${PREVIEW}/x`,
    ]) {
      expect(route(path), path).toBe("network");
    }
  });

  it("leaves other files, other builds' files, other origins and non-GETs to the network", () => {
    expect(route("/assets/index-old999.js")).toBe("network");
    expect(route("/assets/index-abc123.js?v=2")).toBe("network");
    expect(route("/favicon.svg")).toBe("network");
    expect(route("/sw.js")).toBe("network");
    expect(route("https://cdn.example/assets/index-abc123.js")).toBe("network");
    expect(route(PREVIEW, { method: "POST" })).toBe("network");
    expect(route("/assets/index-abc123.js", { method: "HEAD" })).toBe("network");
    expect(cacheRoute({ url: "not a url", method: "GET", mode: "cors" }, ORIGIN, ASSETS)).toBe(
      "network",
    );
  });

  it("sends pages to the network first (the offline page without one), API pages never", () => {
    expect(route("/", { mode: "navigate" })).toBe("navigation");
    expect(route("/gallery?style=x", { mode: "navigate" })).toBe("navigation");
    expect(route("/assets/index-abc123.js", { mode: "navigate" })).toBe("navigation");
    expect(route("/api/auth/callback/google?code=1", { mode: "navigate" })).toBe("network");
    expect(route(`${PREVIEW}?download=1`, { mode: "navigate" })).toBe("network");
    expect(route("/api", { mode: "navigate" })).toBe("network");
    expect(route("/", { mode: "navigate", method: "POST" })).toBe("network");
  });
});

const response = (status: number, headers: Record<string, string> = {}, type = "basic") => ({
  status,
  type,
  headers: new Headers(headers),
});

describe("mayStore", () => {
  it("stores whole same-origin answers of the two kept routes only", () => {
    expect(mayStore("asset", response(200))).toBe(true);
    expect(mayStore("asset", response(206))).toBe(false);
    expect(mayStore("asset", response(404))).toBe(false);
    expect(mayStore("asset", response(200, {}, "opaque"))).toBe(false);
    for (const other of ["navigation", "network", "offline-file"] as const) {
      expect(mayStore(other, response(200, { "cache-control": "public, max-age=60" }))).toBe(false);
    }
  });

  it("stores a preview only when the server marked it public and the same for everyone", () => {
    expect(mayStore("preview", response(200, { "cache-control": "public, max-age=86400" }))).toBe(
      true,
    );
    expect(mayStore("preview", response(200, { "cache-control": "private, max-age=3600" }))).toBe(
      false,
    );
    expect(mayStore("preview", response(200))).toBe(false);
    expect(mayStore("preview", response(200, { "cache-control": "public, no-store" }))).toBe(false);
    expect(
      mayStore("preview", response(200, { "cache-control": "public", vary: "Accept, Cookie" })),
    ).toBe(false);
    expect(mayStore("preview", response(304, { "cache-control": "public" }))).toBe(false);
  });
});

describe("toEvict and staleCaches", () => {
  it("drops assets of other builds", () => {
    const stored = [`${ORIGIN}/assets/index-abc123.js`, `${ORIGIN}/assets/index-old999.js`];
    expect(toEvict(ASSETS_CACHE, stored, ASSETS)).toEqual([`${ORIGIN}/assets/index-old999.js`]);
  });

  it("keeps the newest previews up to the cap", () => {
    const stored = Array.from({ length: MAX_PREVIEWS + 3 }, (_, i) => `${ORIGIN}/p/${i}`);
    expect(toEvict(PREVIEWS_CACHE, stored, ASSETS)).toEqual([
      `${ORIGIN}/p/0`,
      `${ORIGIN}/p/1`,
      `${ORIGIN}/p/2`,
    ]);
    expect(toEvict(PREVIEWS_CACHE, stored.slice(0, 5), ASSETS)).toEqual([]);
    expect(toEvict("other", stored, ASSETS)).toEqual([]);
  });

  it("deletes Rupa's caches of other builds and leaves other caches alone", () => {
    expect(
      staleCaches(
        [
          ASSETS_CACHE,
          PREVIEWS_CACHE,
          offlineCacheName("v2"),
          offlineCacheName("v1"),
          "rupa-old",
          "x",
        ],
        "v2",
      ),
    ).toEqual([offlineCacheName("v1"), "rupa-old"]);
  });
});
