import { filesContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { errors } from "../../lib/errors";
import { isBucket, isPrivateKey, parseObjectKey } from "../../infra/storage/storage";
import { contractRoutes } from "../../middleware/auth-guards";
import { canReadObject } from "./files.service";

/**
 * GET /api/files/:bucket/<key>: objects are served only through here, after the owner check.
 * Anything the caller may not see, or that does not exist, is the same 404.
 */
export function fileRoutes(ctx: AppContext) {
  return contractRoutes(ctx).on(filesContract.get, async (c, { params, query }) => {
    const { bucket, key } = params;
    const parsed = parseObjectKey(key);
    // A raw provider output or a master (ADR 036) is nobody's to fetch, its owner's nor an admin's.
    if (!isBucket(bucket) || !parsed || isPrivateKey(key)) throw errors.notFound("File not found");
    if (!canReadObject(bucket, parsed.owner, await ctx.resolveActor(c)))
      throw errors.notFound("File not found");
    // Streamed from the store (a file, or the S3 response) to the client: never held whole.
    const object = await ctx.storage.open(bucket, key);
    if (!object) throw errors.notFound("File not found");

    const etag = `"${object.size.toString(16)}-${object.modifiedAt.getTime().toString(16)}"`;
    const isPublic = parsed.owner.kind === "public";
    c.header("ETag", etag);
    c.header("Cache-Control", isPublic ? "public, max-age=86400" : "private, max-age=3600");
    c.header("X-Content-Type-Options", "nosniff");
    // ?download=1 asks the browser to save the file (gallery downloads).
    const name = `rupa-${key.slice(key.lastIndexOf("/") + 1)}`;
    c.header("Content-Disposition", query.download ? `attachment; filename="${name}"` : "inline");
    if (!isPublic) c.header("Vary", "Cookie");
    if (c.req.header("if-none-match") === etag) {
      await object.body.cancel();
      return c.body(null, 304);
    }
    c.header("Content-Type", object.contentType);
    c.header("Content-Length", String(object.size));
    return c.body(object.body);
  }).hono;
}
