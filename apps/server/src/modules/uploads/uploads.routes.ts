import { uploadsContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { assertDecodeCapacity } from "../../infra/images/photo-pipeline";
import { generationErrors } from "../generations/generations.service";
import { contractRoutes } from "../../middleware/auth-guards";
import { photoBodyLimit, readPhotoField } from "../../middleware/photo-form";
import { rateLimit } from "../../middleware/rate-limit";

/**
 * POST /api/uploads (multipart field `photo`): members, and guests whose free try is unused; and
 * GET /api/uploads/latest, the caller's newest photo still kept.
 * Refusals that need no photo (rate limit, used trial, decode queue full) come before the body
 * is read.
 */
export function uploadRoutes(ctx: AppContext) {
  return contractRoutes(ctx)
    .on(
      uploadsContract.upload,
      photoBodyLimit(),
      rateLimit(ctx, {
        name: "uploads",
        limit: 60,
        windowSeconds: 3600,
        by: (actor, ip) => ({ ip, user: actor.userId, guest: actor.guestTrialId }),
      }),
      async (c, { actor }) => {
        if (!actor.userId && actor.guestTrialId) {
          const trial = await ctx.services.guests.status(actor.guestTrialId, c.get("clientIp"));
          // A guest's photo is only good for the free try: once used, uploading stops too.
          if (trial.generationCount >= 1) throw generationErrors.trialUsed();
        }
        // No photo without consent to its processing (docs/product/privacy.md).
        if (actor.userId || actor.guestTrialId) await ctx.services.privacy.requireConsent(actor);
        assertDecodeCapacity();
        const upload = await ctx.services.uploads.upload(actor, await readPhotoField(c));
        return { status: 201, body: { upload } };
      },
    )
    .on(uploadsContract.latest, async (_c, { actor, query }) => ({
      status: 200,
      body: { upload: await ctx.services.uploads.latest(actor, query.id) },
    })).hono;
}
