import { pasFotoContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { assertDecodeCapacity } from "../../infra/images/photo-pipeline";
import { contractRoutes } from "../../middleware/auth-guards";
import { photoBodyLimit, readPhotoField } from "../../middleware/photo-form";
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
    photoBodyLimit(),
    rateLimit(ctx, {
      name: "pas-foto-check",
      limit: PAS_FOTO_CHECKS_PER_HOUR,
      windowSeconds: 3600,
      by: (_actor, ip) => ({ ip }),
    }),
    async (c, { query }) => {
      assertDecodeCapacity();
      const bytes = await readPhotoField(c);
      c.header("Cache-Control", "no-store");
      return { status: 200, body: await ctx.services.pasFoto.check(bytes, query) };
    },
  ).hono;
}
