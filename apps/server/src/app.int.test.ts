import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { apiContract as api, errorBodySchema, healthResponseSchema } from "@rupa/shared";
import { PAGE_ENTRY_LOADER } from "@rupa/shared/page-loader";
import { Hono } from "hono";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, testDriver, type Reply, type TestServer } from "../test/harness";
import type { AppEnv } from "./lib/http";
import { newObjectKey } from "./infra/storage/storage";
import { readJson } from "./lib/http";

let t: TestServer;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-dist-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html lang="id"><body>Rupa</body></html>',
  );
  fs.writeFileSync(path.join(dist, "assets", "app-abc123.js"), "console.log('rupa')");
  fs.writeFileSync(path.join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
  t = await createTestServer({ webDistDir: dist });
  // A probe route exercising the shared JSON reader, as every feature's routes use it.
  const probe = new Hono<AppEnv>()
    .post("/", async (c) => c.json(await readJson(c, z.object({ name: z.string().min(1) }))))
    .get("/boom", () => {
      throw new Error("secret database detail");
    });
  t.app.route("/api/__probe", probe);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function expectErrorShape(res: Reply, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  const body = errorBodySchema.strict().parse(res.json);
  expect(body.error.code).toBe(code);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  return body;
}

describe(`HTTP app on ${testDriver()}`, () => {
  it("answers liveness on /api/health (details for admins: modules/health)", async () => {
    const res = await t.client.call(api.health.health);
    expect(res.status).toBe(200);
    expect(healthResponseSchema.strict().parse(res.json)).toEqual({ status: "healthy" });
  });

  it("answers unknown API paths with 404 in the error shape", async () => {
    expectErrorShape(await t.client.raw("/api/does-not-exist"), 404, "not_found");
    expectErrorShape(
      await t.client.raw("/api/health/deeper", { method: "DELETE" }),
      404,
      "not_found",
    );
    expectErrorShape(await t.client.raw("/api"), 404, "not_found");
  });

  it("answers malformed JSON with 400, never 500", async () => {
    const body = expectErrorShape(
      await t.client.raw("/api/__probe", { rawBody: "{not json" }),
      400,
      "invalid_json",
    );
    expect(body.error.message).toMatch(/JSON/);
  });

  it("answers invalid fields with 400 and the issues", async () => {
    const body = expectErrorShape(
      await t.client.raw("/api/__probe", { body: { name: "" } }),
      400,
      "validation_failed",
    );
    expect(body.error.issues?.[0]?.path).toEqual(["name"]);
  });

  it("answers another content type with 415 and an oversized body with 413", async () => {
    expectErrorShape(
      await t.client.raw("/api/__probe", {
        rawBody: "x",
        headers: { "content-type": "text/plain" },
      }),
      415,
      "unsupported_media_type",
    );
    expectErrorShape(
      await t.client.raw("/api/__probe", { body: { name: "x".repeat(1_100_000) } }),
      413,
      "payload_too_large",
    );
  });

  it("hides internal errors behind a 500 without details", async () => {
    const body = expectErrorShape(await t.client.raw("/api/__probe/boom"), 500, "internal_error");
    expect(JSON.stringify(body)).not.toContain("secret database detail");
  });

  it("refuses a mutation sent from another site", async () => {
    expectErrorShape(
      await t.client.raw("/api/__probe", { body: { name: "x" }, origin: "https://evil.example" }),
      403,
      "forbidden",
    );
    const same = await t.client.raw("/api/__probe", {
      body: { name: "x" },
      origin: "http://localhost:3000",
    });
    expect(same.status).toBe(200);
  });

  it.each([
    "/api/health",
    "/api/nope",
    "/",
    "/eksplor",
    "/sw.js",
    // A page under /assets/ (the SPA's answer, or index.html by another spelling) is a page.
    "/assets/not-a-file",
    "/assets/..%2findex.html",
  ])("sends the security headers on %s", async (p) => {
    const res = await t.client.raw(p);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lets a page run no inline script but a server-rendered page's entry loader", async () => {
    const csp = (await t.client.raw("/")).headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1];
    const hash = createHash("sha256").update(PAGE_ENTRY_LOADER).digest("base64");
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
  });

  it("sends the build's hashed files without the document-only headers", async () => {
    const res = await t.client.raw("/assets/app-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(res.headers.get("content-security-policy")).toBeNull();
    expect(res.headers.get("x-frame-options")).toBeNull();
    expect(res.headers.get("permissions-policy")).toBeNull();
  });

  it("serves the web app with SPA fallback and long-cached assets", async () => {
    for (const p of ["/", "/gallery", "/admin/users"]) {
      const res = await t.client.raw(p);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(res.text).toContain('lang="id"');
    }
    const asset = await t.client.raw("/assets/app-abc123.js");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
    expect((await t.client.raw("/assets/missing.js")).status).toBe(404);
    expect((await t.client.raw("/..%2f..%2fetc%2fpasswd")).headers.get("content-type")).toMatch(
      /text\/html/,
    );
  });

  it("answers an address that is no page of the app with its not-found page and 404", async () => {
    for (const p of ["/eksplor", "/Eksplor/", "/auth", "/policies", "/admin", "/admin/system"])
      expect((await t.client.raw(p)).status, p).toBe(200);
    // The SPA shows its not-found page at these: the shell, with 404.
    for (const p of [
      "/halaman-yang-tidak-ada",
      "/some/unknown/page",
      "/eksplor/extra",
      "/admin/tidak-ada",
      "/admin/users/extra",
      // No such order at the payment simulator's checkout.
      "/pay/RUPA-NOPE-NOPE",
    ]) {
      const res = await t.client.raw(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get("content-type"), p).toMatch(/text\/html/);
      expect(res.headers.get("content-security-policy"), p).toContain("default-src 'self'");
      expect(res.text, p).toContain("<body>Rupa</body>");
    }
    // The same signed in as an admin: the server knows the sections, not who asks.
    t.actAs({ userId: "admin_1", isAdmin: true });
    expect((await t.client.raw("/admin/tidak-ada")).status).toBe(404);
    expect((await t.client.raw("/admin/security")).status).toBe(200);
    t.actAs(null);
    expect((await t.client.raw("/halaman-yang-tidak-ada", { method: "HEAD" })).status).toBe(404);
    // The API keeps its JSON error.
    expectErrorShape(await t.client.raw("/api/halaman-yang-tidak-ada"), 404, "not_found");
  });

  describe("files", () => {
    const png = Buffer.from("89504e470d0a1a0a", "hex");

    it("serves catalogue images to everyone with their content type", async () => {
      const key = newObjectKey({ kind: "public" }, "png");
      await t.ctx.storage.put("style-previews", key, png);
      const res = await t.client.call(api.files.get, { params: { bucket: "style-previews", key } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const etag = res.headers.get("etag")!;
      expect(
        (
          await t.client.call(api.files.get, {
            params: { bucket: "style-previews", key },
            headers: { "if-none-match": etag },
          })
        ).status,
      ).toBe(304);
    });

    it("serves a private file only to its owner and admins", async () => {
      const key = newObjectKey({ kind: "user", id: "owner_1" }, "jpg");
      await t.ctx.storage.put("generated-avatars", key, png);
      const file = { params: { bucket: "generated-avatars" as const, key } };
      t.actAs({});
      expectErrorShape(await t.client.call(api.files.get, file), 404, "not_found");
      t.actAs({ userId: "someone_else" });
      expectErrorShape(await t.client.call(api.files.get, file), 404, "not_found");
      t.actAs({ userId: "owner_1" });
      const ok = await t.client.call(api.files.get, file);
      expect(ok.status).toBe(200);
      expect(ok.headers.get("content-type")).toBe("image/jpeg");
      expect(ok.headers.get("cache-control")).toContain("private");
      t.actAs({ userId: "admin_1", isAdmin: true });
      expect((await t.client.call(api.files.get, file)).status).toBe(200);
      t.actAs({});
    });

    it("gives nothing for guessed, traversing or unknown paths", async () => {
      // A literal "../" is resolved by the URL parser before routing: it never reaches a file.
      const dotted = await t.client.raw("/api/files/style-previews/../../../etc/passwd");
      expect(dotted.text).not.toContain("root:");
      for (const p of [
        "/api/files/style-previews/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "/api/files/style-previews/public%2F..%2F..%2F..%2Fetc%2Fpasswd",
        "/api/files/secrets/public/2026/01/00000000-0000-0000-0000-000000000000.png",
        "/api/files/style-previews/public/2026/01/00000000-0000-0000-0000-000000000000.png",
        "/api/files/style-previews/public/2026/01/file.html",
      ]) {
        const res = await t.client.raw(p);
        expect(res.status, p).toBe(404);
      }
    });
  });
});
