import { adminUserIdSchema, setRoleRequestSchema } from "@rupa/shared";
import { Hono } from "hono";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { errors } from "../../lib/errors";
import { readJson } from "../../lib/http";
import { requestMeta } from "../../lib/request-meta";
import { assertAdmin } from "./admin.service";

/** /api/admin/users: the role is checked on every request, so a change takes effect at once. */
export function adminUserRoutes(ctx: AppContext) {
  const admin = ctx.services.admin;
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const actor = await ctx.resolveActor(c);
      return c.json({ users: await admin.listUsers(actor) });
    })
    .put("/:id/role", async (c) => {
      const actor = await ctx.resolveActor(c);
      assertAdmin(actor); // before the id and the body, so outsiders learn nothing from them
      const id = adminUserIdSchema.safeParse(c.req.param("id"));
      if (!id.success) throw errors.notFound("User not found");
      const { role } = await readJson(c, setRoleRequestSchema);
      await admin.setRole(actor, id.data, role, requestMeta(c));
      return c.json({ ok: true as const });
    });
}
