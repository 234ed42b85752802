import { galleryContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes, requireUser } from "../../middleware/auth-guards";

/** /api/gallery: the signed-in user's avatars and Kanvas images. */
export function galleryRoutes(ctx: AppContext) {
  const gallery = ctx.services.gallery;
  return contractRoutes(ctx)
    .on(galleryContract.page, async (c, { query }) => {
      const userId = await requireUser(ctx, c);
      return { status: 200, body: await gallery.page(userId, query) };
    })
    .on(galleryContract.item, async (c, { params }) => {
      const userId = await requireUser(ctx, c);
      return { status: 200, body: { item: await gallery.item(userId, params.kind, params.id) } };
    })
    .on(galleryContract.remove, async (c, { params }) => {
      const userId = await requireUser(ctx, c);
      await gallery.remove(userId, params.kind, params.id);
      return { status: 200, body: { ok: true as const } };
    }).hono;
}
