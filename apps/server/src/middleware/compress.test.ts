import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { describe, expect, it } from "vitest";
import { acceptsGzip, compressResponses } from "./compress";

const big = { items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `item ${i}` })) };
const huge = "x".repeat(200_000);

function app() {
  const a = new Hono();
  a.use("*", compressResponses());
  a.get("/small", (c) => c.json({ ok: true }));
  a.get("/big", (c) => {
    c.header("ETag", '"v1"');
    c.header("Set-Cookie", "a=1");
    return c.json(big, 201);
  });
  a.get("/huge", (c) => c.text(huge));
  a.get("/huge-known", (c) => {
    c.header("Content-Length", String(huge.length));
    return c.text(huge);
  });
  a.get("/image", (c) => {
    c.header("Content-Type", "image/png");
    return c.body(new Uint8Array(4096));
  });
  a.get("/encoded", (c) => {
    c.header("Content-Type", "application/json");
    c.header("Content-Encoding", "gzip");
    return c.body(new Uint8Array([1, 2, 3]));
  });
  a.get("/no-transform", (c) => {
    c.header("Cache-Control", "private, no-transform");
    return c.json(big);
  });
  a.get("/events", (c) =>
    streamSSE(c, async (s) => {
      await s.writeSSE({ data: "x".repeat(2000) });
    }),
  );
  return a;
}

const gzipHeaders = { "Accept-Encoding": "gzip, deflate, br" };

describe("compressResponses", () => {
  it("sends a body under 1 KB as it is, with its length", async () => {
    const res = await app().request("/small", { headers: gzipHeaders });
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(res.headers.get("Content-Length")).toBe(String('{"ok":true}'.length));
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("gzips a JSON answer over 1 KB at once: its length, a weak ETag, Vary, the status and cookies kept", async () => {
    const res = await app().request("/big", { headers: gzipHeaders });
    expect(res.status).toBe(201);
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    expect(res.headers.get("ETag")).toBe('W/"v1"');
    expect(res.headers.get("Set-Cookie")).toBe("a=1");
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(JSON.parse(gunzipSync(bytes).toString())).toEqual(big);
  });

  it("streams the compression of a body over 64 KB, its length known or not", async () => {
    for (const path of ["/huge", "/huge-known"]) {
      const res = await app().request(path, { headers: gzipHeaders });
      expect(res.headers.get("Content-Encoding")).toBe("gzip");
      expect(res.headers.get("Content-Length")).toBeNull();
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(huge);
    }
  });

  it("leaves alone a client that does not take gzip, but says Vary", async () => {
    const cases: Record<string, string>[] = [
      {},
      { "Accept-Encoding": "br" },
      { "Accept-Encoding": "gzip;q=0" },
    ];
    for (const headers of cases) {
      const res = await app().request("/big", { headers });
      expect(res.headers.get("Content-Encoding")).toBeNull();
      expect(res.headers.get("Vary")).toBe("Accept-Encoding");
      expect(await res.json()).toEqual(big);
    }
  });

  it("leaves alone images, answers already encoded, no-transform, HEAD and event streams", async () => {
    const a = app();
    const image = await a.request("/image", { headers: gzipHeaders });
    expect(image.headers.get("Content-Encoding")).toBeNull();
    expect((await image.arrayBuffer()).byteLength).toBe(4096);
    const encoded = await a.request("/encoded", { headers: gzipHeaders });
    expect([...new Uint8Array(await encoded.arrayBuffer())]).toEqual([1, 2, 3]);
    const kept = await a.request("/no-transform", { headers: gzipHeaders });
    expect(kept.headers.get("Content-Encoding")).toBeNull();
    const head = await a.request("/big", { method: "HEAD", headers: gzipHeaders });
    expect(head.headers.get("Content-Encoding")).toBeNull();
    const events = await a.request("/events", { headers: gzipHeaders });
    expect(events.headers.get("Content-Encoding")).toBeNull();
    expect(await events.text()).toContain("x".repeat(2000));
  });
});

describe("acceptsGzip", () => {
  it("reads the header's list and its q values", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("deflate, gzip;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
