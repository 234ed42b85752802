import { adminAiConfigsContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { contractRoutes } from "../../../middleware/auth-guards";
import { auditActorOf } from "../audit-actor";

/**
 * /api/admin/ai-configs… and /api/admin/ai-settings/likeness: the AI settings section
 * (adminAiConfigsContract); admins only.
 */
export function adminAiSettingsRoutes(ctx: AppContext) {
  const configs = ctx.services.admin.aiSettings;

  return contractRoutes(ctx)
    .on(adminAiConfigsContract.list, async () => ({
      status: 200,
      body: { configs: await configs.list() },
    }))
    .on(adminAiConfigsContract.create, async (c, { body, userId }) => ({
      status: 201,
      body: { config: await configs.create(auditActorOf(c, userId), body.serviceName) },
    }))
    .on(adminAiConfigsContract.update, async (c, { params, body, userId }) => ({
      status: 200,
      body: { config: await configs.update(auditActorOf(c, userId), params.id, body) },
    }))
    .on(adminAiConfigsContract.remove, async (c, { params, userId }) => {
      await configs.remove(auditActorOf(c, userId), params.id);
      return { status: 200, body: { ok: true as const } };
    })
    .on(adminAiConfigsContract.test, async (_c, { params }) => ({
      status: 200,
      body: await configs.test(params.id),
    }))
    .on(adminAiConfigsContract.likeness, async () => ({
      status: 200,
      body: await configs.likenessSettings(),
    }))
    .on(adminAiConfigsContract.saveLikeness, async (c, { body, userId }) => ({
      status: 200,
      body: await configs.saveLikenessSettings(auditActorOf(c, userId), body),
    })).hono;
}
