import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";

/** Below this many bytes a body is sent as it is: gzip would save next to nothing. */
export const COMPRESS_THRESHOLD = 1024;
/**
 * Up to this many bytes a body is gzipped at once on this thread (0.14 ms for 10 KB);
 * larger ones are compressed as a stream, on libuv's thread pool.
 */
const SYNC_LIMIT = 64 * 1024;

/** Text-like types worth compressing; never the event streams, which must flow as written. */
const COMPRESSIBLE_TYPE =
  /^\s*(?:text\/(?!event-stream\b)[^;\s]+|application\/(?:json|javascript|xml|manifest\+json|[^;\s]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

export const isCompressible = (type: string): boolean => COMPRESSIBLE_TYPE.test(type);

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
 * once when cached; the web build's hashed files, compressed once by staticWeb), a HEAD, a
 * partial or empty answer and anything marked `no-transform` are left alone. Anything it may
 * compress says `Vary: Accept-Encoding`.
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
      !isCompressible(type) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "")
    )
      return;
    const length = res.headers.get("Content-Length");
    if (length !== null && Number(length) < COMPRESS_THRESHOLD) return;
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
    let gzipped: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;
    if (length !== null && Number(length) > SYNC_LIMIT)
      gzipped = res.body.pipeThrough(new CompressionStream("gzip"));
    else {
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (bytes.byteLength < COMPRESS_THRESHOLD) {
        // Read to learn its size: sent as it is, with its length.
        c.res = new Response(bytes, init);
        c.res.headers.set("Content-Length", String(bytes.byteLength));
        return;
      }
      gzipped =
        bytes.byteLength > SYNC_LIMIT
          ? new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))
          : new Uint8Array(gzipSync(bytes));
    }
    c.res = new Response(gzipped, init);
    const headers = c.res.headers;
    headers.set("Content-Encoding", "gzip");
    if (gzipped instanceof Uint8Array) headers.set("Content-Length", String(gzipped.byteLength));
    else headers.delete("Content-Length");
    const etag = headers.get("ETag");
    if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
  };
}
