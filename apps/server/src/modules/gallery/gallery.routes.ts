import { GALLERY_KINDS, galleryQuerySchema } from "@rupa/shared";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { errors } from "../../lib/errors";
import { readQuery } from "../../lib/http";
import { requireUser } from "../../middleware/auth-guards";

const target = z.object({ kind: z.enum(GALLERY_KINDS), id: z.uuid() });

/** /api/gallery: the signed-in user's avatars and Kanvas images. */
export function galleryRoutes(ctx: AppContext) {
  const gallery = ctx.services.gallery;
  const parseTarget = (kind: string, id: string) => {
    const t = target.safeParse({ kind, id });
    if (!t.success) throw errors.notFound("Image not found");
    return t.data;
  };
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const userId = await requireUser(ctx, c);
      return c.json(await gallery.page(userId, readQuery(c, galleryQuerySchema)));
    })
    .get("/:kind/:id", async (c) => {
      const userId = await requireUser(ctx, c);
      const t = parseTarget(c.req.param("kind"), c.req.param("id"));
      return c.json({ item: await gallery.item(userId, t.kind, t.id) });
    })
    .delete("/:kind/:id", async (c) => {
      const userId = await requireUser(ctx, c);
      const t = parseTarget(c.req.param("kind"), c.req.param("id"));
      await gallery.remove(userId, t.kind, t.id);
      return c.json({ ok: true as const });
    });
}
