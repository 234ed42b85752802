import { stylesContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { errors } from "../../lib/errors";
import { contractRoutes } from "../../middleware/auth-guards";
import { rateLimit, type RouteLimit } from "../../middleware/rate-limit";

/** The catalogue's view and click events, per address. */
const styleEventsLimit: RouteLimit = {
  name: "style-events",
  limit: 120,
  windowSeconds: 3600,
  by: (_actor, ip) => ({ ip }),
};

const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";

/** If-None-Match holds this ETag (or *), weak or strong. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === etag || t === "*");
}

/** /api/styles: the public catalogue (active styles only) and the style event log. */
export function styleRoutes(ctx: AppContext) {
  const { styles } = ctx.services;
  return contractRoutes(ctx)
    .on(stylesContract.list, async (c, { query: q }) => {
      const cached = await styles.listJson(q.sort, q.lang, q.category);
      c.header("Cache-Control", PUBLIC_CACHE);
      c.header("ETag", cached.etag);
      c.header("Vary", "Accept-Encoding");
      if (matchesEtag(c.req.header("If-None-Match"), cached.etag)) return c.body(null, 304);
      c.header("Content-Type", "application/json");
      // Compressed once when cached, not per request (the compress middleware skips it then).
      const gzip = /\bgzip\b/.test(c.req.header("Accept-Encoding") ?? "");
      if (gzip) c.header("Content-Encoding", "gzip");
      const bytes = gzip ? cached.gzip : cached.body;
      c.header("Content-Length", String(bytes.byteLength));
      // Buffer.from and gzipSync allocate plain (not shared) ArrayBuffers.
      return c.body(bytes as Uint8Array<ArrayBuffer>);
    })
    .on(stylesContract.summary, async (c) => {
      c.header("Cache-Control", PUBLIC_CACHE);
      return { status: 200, body: await styles.summary() };
    })
    .on(stylesContract.detail, async (c, { params }) => {
      const style = await styles.detail(params.id);
      if (!style) throw errors.notFound("Style not found");
      c.header("Cache-Control", PUBLIC_CACHE);
      return { status: 200, body: { style } };
    })
    .on(stylesContract.events, rateLimit(ctx, styleEventsLimit), async (c, { body }) => {
      const { userId } = await ctx.resolveActor(c);
      const accepted = await ctx.services.styleEvents.record(body.events, userId);
      return { status: 202, body: { accepted } };
    }).hono;
}
