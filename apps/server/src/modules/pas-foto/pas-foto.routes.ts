import { LIMITS, pasFotoContract } from "@rupa/shared";
import { bodyLimit } from "hono/body-limit";
import type { AppContext } from "../../context";
import { assertDecodeCapacity, photoErrors } from "../../infra/images/photo-pipeline";
import { AppError } from "../../lib/errors";
import { contractRoutes } from "../../middleware/auth-guards";
import { rateLimit } from "../../middleware/rate-limit";

/** Checks a visitor may run per address and hour (each finds the face: about half a second). */
export const PAS_FOTO_CHECKS_PER_HOUR = 30;

/**
 * POST /api/pas-foto/check (multipart field `photo`): the free SSCASN checker, for anyone.
 * Refusals that need no photo (rate limit, decode queue full) come before the body is read.
 */
export function pasFotoRoutes(ctx: AppContext) {
  return contractRoutes(ctx).on(
    pasFotoContract.check,
    bodyLimit({
      maxSize: LIMITS.uploadMaxBytes + 512 * 1024,
      onError: () => {
        throw photoErrors.tooLarge();
      },
    }),
    rateLimit(ctx, {
      name: "pas-foto-check",
      limit: PAS_FOTO_CHECKS_PER_HOUR,
      windowSeconds: 3600,
      by: (_actor, ip) => ({ ip }),
    }),
    async (c, { query }) => {
      assertDecodeCapacity();
      if (!(c.req.header("content-type") ?? "").startsWith("multipart/form-data")) {
        throw new AppError("unsupported_media_type", 415, "Send the photo as multipart/form-data");
      }
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw photoErrors.missing();
      }
      const file = form.get("photo");
      if (!(file instanceof File) || file.size === 0) throw photoErrors.missing();
      if (file.size > LIMITS.uploadMaxBytes) throw photoErrors.tooLarge();
      const bytes = Buffer.from(await file.arrayBuffer());
      c.header("Cache-Control", "no-store");
      return { status: 200, body: await ctx.services.pasFoto.check(bytes, query) };
    },
  ).hono;
}
