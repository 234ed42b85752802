import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../lib/http";
import { staticWeb } from "./static-web";

// A stand-in for the web build's dist/ssr/entry-server.js (apps/web/src/entry-server.tsx): it
// renders what it was given, so the test sees what the middleware passed in.
const RENDERER = `
export const ssrPaths = ["/", "/eksplor"];
export function ssrSearchParams(pathname) {
  return ["sort", "group"];
}
export function appOnlySearchParams(pathname) {
  return pathname === "/eksplor" ? ["token"] : [];
}
export function dataSources(pathname) {
  return pathname === "/eksplor" ? { me: "/api/me", styles: "/api/styles" } : { me: "/api/me" };
}
export async function renderPage({ url, template, lang, data }) {
  const u = new URL(url);
  const body = JSON.stringify({ path: u.pathname, search: u.search, lang: lang ?? "id", data });
  return template.replace('<div id="root"></div>', () => '<div id="root">' + body + "</div>");
}
`;

let dist: string;
let apiCalls: { path: string; cookie: string | null }[] = [];
let signedIn = false;

function createApp() {
  const app = new Hono<AppEnv>();
  app.get("/api/me", (c) =>
    c.json({ user: signedIn && c.req.header("cookie")?.includes("session=") ? { id: "u" } : null }),
  );
  app.get("/api/styles", (c) => c.json({ styles: [{ id: "s1" }] }));
  app.use(
    "*",
    staticWeb(dist, {
      fetchApi: (apiPath, init) => {
        apiCalls.push({ path: apiPath, cookie: new Headers(init.headers).get("cookie") });
        return Promise.resolve(app.request(apiPath, init));
      },
    }),
  );
  return app;
}

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-static-web-"));
  fs.mkdirSync(path.join(dist, "ssr"));
  fs.writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html lang="id"><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, "ssr", "entry-server.js"), RENDERER);
  fs.mkdirSync(path.join(dist, ".vite"));
  fs.writeFileSync(path.join(dist, ".vite", "manifest.json"), "{}");
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(path.join(dist, "assets", ".hidden.js"), "export {};");
  fs.writeFileSync(path.join(dist, "assets", "index-abc123.js"), "export {};");
  fs.writeFileSync(path.join(dist, "assets", "big-def456.js"), `1;${"x".repeat(200_000)}`);
  fs.writeFileSync(path.join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
  fs.writeFileSync(path.join(dist, "manifest.webmanifest"), '{"name":"Rupa"}');
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe("staticWeb files", () => {
  it("caches hashed files for a year, revalidates the service worker, serves the manifest", async () => {
    const app = createApp();
    const header = async (p: string) => {
      const res = await app.request(p);
      return [res.status, res.headers.get("content-type"), res.headers.get("cache-control")];
    };
    expect(await header("/assets/index-abc123.js")).toEqual([
      200,
      "text/javascript; charset=utf-8",
      "public, max-age=31536000, immutable",
    ]);
    // A new build's worker must be found on the next visit, not after an hour.
    expect(await header("/sw.js")).toEqual([200, "text/javascript; charset=utf-8", "no-cache"]);
    expect(await header("/manifest.webmanifest")).toEqual([
      200,
      "application/manifest+json",
      "public, max-age=3600",
    ]);
  });
});

describe("staticWeb hashed files", () => {
  it("reads and gzips a hashed file once, whatever its size, and keeps its bytes", async () => {
    const app = createApp();
    const file = path.join(dist, "assets", "big-def456.js");
    for (let i = 0; i < 2; i++) {
      const res = await app.request("/assets/big-def456.js", {
        headers: { "Accept-Encoding": "gzip, deflate" },
      });
      expect(res.headers.get("Content-Encoding")).toBe("gzip");
      expect(res.headers.get("Vary")).toBe("Accept-Encoding");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get("Content-Length")).toBe(String(bytes.byteLength));
      // The second answer is the first one's kept bytes (the file never changes while served).
      expect(gunzipSync(bytes).toString()).toBe(`1;${"x".repeat(200_000)}`);
      fs.writeFileSync(file, "2;changed on disk");
    }
    // A client that takes no gzip gets the same kept bytes as they are.
    const plain = await app.request("/assets/big-def456.js");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect((await plain.text()).startsWith("1;x")).toBe(true);
  });
});

describe("staticWeb server rendering", () => {
  it("renders a visitor's landing page and /eksplor with the API's answers", async () => {
    const app = createApp();
    apiCalls = [];
    const home = await (await app.request("/")).text();
    expect(home).toContain('"path":"/"');
    expect(home).toContain('"me":{"user":null}');
    // Without cookies the visitor is known without asking the account API.
    expect(apiCalls).toEqual([]);

    const eksplor = await app.request("/eksplor?group=cartoon", {
      headers: { cookie: "rupa.lang=en" },
    });
    expect(eksplor.headers.get("vary")).toBe("Cookie");
    const html = await eksplor.text();
    expect(html).toContain('"lang":"en"');
    expect(html).toContain('"styles":{"styles":[{"id":"s1"}]}');
    expect(apiCalls.map((call) => call.path).sort()).toEqual(["/api/me", "/api/styles"]);
    // Only the account check carries the visitor's cookies.
    expect(apiCalls.find((call) => call.path === "/api/styles")?.cookie).toBeNull();
  });

  it("gives a signed-in user the plain index.html", async () => {
    const app = createApp();
    signedIn = true;
    try {
      const html = await (await app.request("/", { headers: { cookie: "session=abc" } })).text();
      expect(html).toContain('<div id="root"></div>');
    } finally {
      signedIn = false;
    }
  });

  it("leaves other paths to the SPA and never serves the renderer or the build manifest", async () => {
    const app = createApp();
    expect(await (await app.request("/faq")).text()).toContain('<div id="root"></div>');
    for (const p of [
      "/ssr/entry-server.js",
      "//ssr/entry-server.js",
      "/%2fssr/entry-server.js",
      "/assets/..%2fssr/entry-server.js",
      "/SSR/../ssr/entry-server.js",
      "/.vite/manifest.json",
      "/assets/..%2f.vite/manifest.json",
      "/assets/.hidden.js",
    ])
      expect((await app.request(p)).status, p).toBe(404);
  });

  it("answers an address that is no page of the web app with index.html and 404, never rendered", async () => {
    const app = createApp();
    apiCalls = [];
    for (const p of ["/halaman-yang-tidak-ada", "/admin/tidak-ada", "/eksplor/extra", "/pay/x"]) {
      const res = await app.request(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(await res.text()).toContain('<div id="root"></div>');
    }
    expect(apiCalls).toEqual([]);
    expect((await app.request("/admin/users")).status).toBe(200);
    expect((await app.request("/halaman-yang-tidak-ada", { method: "HEAD" })).status).toBe(404);
  });

  it("renders and caches with only the parameters the page reads and a known language", async () => {
    const app = createApp();
    apiCalls = [];
    const first = await (await app.request("/eksplor?group=cartoon&ref=ABC")).text();
    expect(first).toContain('"search":"?group=cartoon"');
    const again = await (
      await app.request("/eksplor?ref=XYZ&group=cartoon&utm_source=wa", {
        headers: { cookie: "rupa.lang=zzz" },
      })
    ).text();
    expect(again).toBe(first); // the same cached page: ref, utm_* and a bad language change nothing
    expect(again).toContain('"lang":"id"');
    expect(apiCalls.filter((call) => call.path === "/api/styles")).toHaveLength(1);
  });

  it("gives an address with a parameter only the app shows the plain index.html", async () => {
    const app = createApp();
    const before = apiCalls.length;
    const page = await (await app.request("/eksplor?group=cartoon&token=secret")).text();
    expect(page).toContain('<div id="root"></div>');
    expect(apiCalls).toHaveLength(before);
    // Without it, the same path is rendered.
    expect(await (await app.request("/eksplor?group=cartoon")).text()).toContain(
      '"path":"/eksplor"',
    );
  });

  it("answers the plain index.html when there is no renderer", async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-static-web-bare-"));
    try {
      fs.writeFileSync(path.join(bare, "index.html"), '<html><div id="root"></div></html>');
      const app = new Hono<AppEnv>();
      app.use("*", staticWeb(bare, { fetchApi: () => Promise.resolve(new Response("{}")) }));
      expect(await (await app.request("/")).text()).toBe('<html><div id="root"></div></html>');
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
