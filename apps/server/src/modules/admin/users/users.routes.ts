import { adminContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { requestMeta } from "../../../lib/request-meta";
import { contractRoutes } from "../../../middleware/auth-guards";

/**
 * /api/admin/users: the role is checked on every request (the contract's `admin` access, before
 * the id and the body, so outsiders learn nothing from them), so a change takes effect at once.
 */
export function adminUsersRoutes(ctx: AppContext) {
  const users = ctx.services.admin.users;
  return contractRoutes(ctx)
    .on(adminContract.users, async (c, { query, actor }) => {
      return { status: 200, body: await users.listUsers(actor, query) };
    })
    .on(adminContract.user, async (c, { params, actor }) => {
      return { status: 200, body: await users.userDetail(actor, params.id) };
    })
    .on(adminContract.setRole, async (c, { params, body, actor }) => {
      await users.setRole(actor, params.id, body.role, requestMeta(c));
      return { status: 200, body: { ok: true as const } };
    })
    .on(adminContract.setCredits, async (c, { params, body, actor }) => {
      return {
        status: 200,
        body: await users.changeCredits(actor, params.id, body, requestMeta(c)),
      };
    }).hono;
}
