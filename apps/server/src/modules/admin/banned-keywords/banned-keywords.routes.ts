import { adminBannedKeywordsContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { contractRoutes } from "../../../middleware/auth-guards";
import { auditActorOf } from "../audit-actor";

/** /api/admin/banned-keywords…: the Banned keywords section (admins only). */
export function adminBannedKeywordsRoutes(ctx: AppContext) {
  const svc = ctx.services.admin.bannedKeywords;
  return contractRoutes(ctx)
    .on(adminBannedKeywordsContract.list, async (_c, { query }) => ({
      status: 200,
      body: await svc.list(query),
    }))
    .on(adminBannedKeywordsContract.create, async (c, { body, userId }) => ({
      status: 201,
      body: { keyword: await svc.create(auditActorOf(c, userId), body) },
    }))
    .on(adminBannedKeywordsContract.update, async (c, { params, body, userId }) => ({
      status: 200,
      body: { keyword: await svc.update(auditActorOf(c, userId), params.id, body) },
    }))
    .on(adminBannedKeywordsContract.setActive, async (c, { params, body, userId }) => ({
      status: 200,
      body: { keyword: await svc.setActive(auditActorOf(c, userId), params.id, body.active) },
    }))
    .on(adminBannedKeywordsContract.remove, async (c, { params, userId }) => {
      await svc.remove(auditActorOf(c, userId), params.id);
      return { status: 200, body: { ok: true as const } };
    }).hono;
}
