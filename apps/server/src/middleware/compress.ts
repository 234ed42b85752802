import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";

/** Below this many bytes a body is sent as it is: gzip would save next to nothing. */
const THRESHOLD = 1024;
/**
 * Up to this many bytes a body is gzipped at once on this thread (about 0.1 ms for 10 KB);
 * larger ones are compressed as a stream, on libuv's thread pool.
 */
const SYNC_LIMIT = 64 * 1024;

/** Text-like types worth compressing; never the event streams, which must flow as written. */
const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream\b)[^;\s]+|application\/(?:json|javascript|xml|manifest\+json|[^;\s]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

/** Whether `Accept-Encoding` takes gzip (or anything): listed without `q=0`. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (name.trim() !== "gzip" && name.trim() !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * gzip for text-like answers the client accepts it for. The app's answers are built in memory
 * (JSON, pages, the web build's files), so the body is read once: under 1 KB it goes as it is,
 * up to 64 KB it is gzipped here at once, and only larger bodies are compressed as a stream.
 * Hono's own compress middleware streams every body through libuv's thread pool, which the
 * image work of running generations keeps busy: a 2 KB /api/account/me then waited seconds for
 * a free thread (issue 33). An answer that already says its encoding (the catalogue, compressed
 * once when cached), a HEAD, a partial or empty answer and anything marked `no-transform` are
 * left alone. Anything it may compress says `Vary: Accept-Encoding`.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("Content-Type");
    if (
      c.req.method === "HEAD" ||
      !res.body ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has("Content-Encoding") ||
      !type ||
      !COMPRESSIBLE.test(type) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "")
    )
      return;
    const length = res.headers.get("Content-Length");
    if (length !== null && Number(length) < THRESHOLD) return;
    const vary = res.headers.get("Vary");
    if (vary !== "*" && !/\baccept-encoding\b/i.test(vary ?? ""))
      res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (!acceptsGzip(c.req.header("Accept-Encoding"))) return;

    // Hono copies the old answer's headers onto a new one, all but its type.
    const init = {
      status: res.status,
      statusText: res.statusText,
      headers: { "Content-Type": type },
    };
    const known = length === null ? null : Number(length);
    let body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
    if (known !== null && known > SYNC_LIMIT) body = res.body;
    else {
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (bytes.byteLength < THRESHOLD) {
        // Read to learn its size: sent as it is, with its length.
        c.res = new Response(bytes, init);
        c.res.headers.set("Content-Length", String(bytes.byteLength));
        return;
      }
      body = bytes.byteLength > SYNC_LIMIT ? new Blob([bytes]).stream() : bytes;
    }
    const gzipped =
      body instanceof Uint8Array
        ? new Uint8Array(gzipSync(body))
        : body.pipeThrough(new CompressionStream("gzip"));
    c.res = new Response(gzipped, init);
    const headers = c.res.headers;
    headers.set("Content-Encoding", "gzip");
    if (gzipped instanceof Uint8Array) headers.set("Content-Length", String(gzipped.byteLength));
    else headers.delete("Content-Length");
    const etag = headers.get("ETag");
    if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
  };
}
