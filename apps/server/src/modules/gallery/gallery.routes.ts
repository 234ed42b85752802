import { galleryContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";
import { rateLimit } from "../../middleware/rate-limit";

/** /api/gallery: the signed-in user's avatars and Kanvas images. */
export function galleryRoutes(ctx: AppContext) {
  const gallery = ctx.services.gallery;
  const pasFotoLimit = rateLimit(ctx, {
    name: "pas-foto",
    limit: 60,
    windowSeconds: 3600,
    by: (actor, ip) => ({ ip, user: actor.userId, guest: actor.guestTrialId }),
  });
  return contractRoutes(ctx)
    .on(galleryContract.page, async (c, { query, userId }) => {
      return { status: 200, body: await gallery.page(userId, query) };
    })
    .on(galleryContract.styles, async (c, { userId }) => {
      return { status: 200, body: await gallery.styles(userId) };
    })
    .on(galleryContract.item, async (c, { params, userId }) => {
      return { status: 200, body: { item: await gallery.item(userId, params.kind, params.id) } };
    })
    .on(
      galleryContract.pasFoto,
      // Each export finds the face twice (under a second of CPU each): a person needs a few.
      pasFotoLimit,
      async (c, { params, query, userId }) => {
        const { jpeg, failed } = await gallery.pasFoto(userId, params.id, query.size);
        c.header("Content-Type", "image/jpeg");
        c.header("Content-Disposition", `attachment; filename="pas-foto-${query.size}.jpg"`);
        c.header("Cache-Control", "private, no-store");
        c.header("X-Content-Type-Options", "nosniff");
        c.header(
          "X-Pas-Foto-Check",
          failed.length ? `failed; rules=${failed.join(",")}` : "passed",
        );
        return c.body(new Uint8Array(jpeg));
      },
    )
    .on(galleryContract.removeWatermark, async (c, { params, userId }) => {
      const item = await gallery.removeWatermark(userId, params.kind, params.id);
      return { status: 200, body: { item } };
    })
    .on(galleryContract.pasFotoCheck, pasFotoLimit, async (c, { params, query, userId }) => {
      c.header("Cache-Control", "private, no-store");
      return {
        status: 200,
        body: await gallery.pasFotoCheck(userId, params.id, query.size, query.lang),
      };
    })
    .on(galleryContract.remove, async (c, { params, userId }) => {
      await gallery.remove(userId, params.kind, params.id);
      return { status: 200, body: { ok: true as const } };
    }).hono;
}
