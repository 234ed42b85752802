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
    .on(adminBannedKeywordsContract.create, async (c, { body }) => ({
      status: 201,
      body: { keyword: await svc.create(await auditActorOf(ctx, c), body) },
    }))
    .on(adminBannedKeywordsContract.update, async (c, { params, body }) => ({
      status: 200,
      body: { keyword: await svc.update(await auditActorOf(ctx, c), params.id, body) },
    }))
    .on(adminBannedKeywordsContract.setActive, async (c, { params, body }) => ({
      status: 200,
      body: { keyword: await svc.setActive(await auditActorOf(ctx, c), params.id, body.active) },
    }))
    .on(adminBannedKeywordsContract.remove, async (c, { params }) => {
      await svc.remove(await auditActorOf(ctx, c), params.id);
      return { status: 200, body: { ok: true as const } };
    }).hono;
}
