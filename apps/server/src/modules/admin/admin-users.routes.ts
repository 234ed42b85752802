import { setRoleRequestSchema } from "@rupa/shared";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { errors } from "../../lib/errors";
import { readJson } from "../../lib/http";
import { requestMeta } from "../../lib/request-meta";
import { requireAdmin } from "../../middleware/auth-guards";

const idParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** /api/admin/users: the role is checked on every request, so a change takes effect at once. */
export function adminUserRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      await requireAdmin(ctx, c);
      return c.json({ users: await ctx.services.admin.listUsers() });
    })
    .put("/:id/role", async (c) => {
      const adminId = await requireAdmin(ctx, c);
      const id = idParam.safeParse(c.req.param("id"));
      if (!id.success) throw errors.notFound("User not found");
      const { role } = await readJson(c, setRoleRequestSchema);
      await ctx.services.account.setRole(id.data, role, adminId, requestMeta(c));
      return c.json({ ok: true as const });
    });
}
