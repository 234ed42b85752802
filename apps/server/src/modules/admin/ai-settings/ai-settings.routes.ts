import { adminAiConfigsContract } from "@rupa/shared";
import type { Context } from "hono";
import type { AppContext } from "../../../context";
import type { AppEnv } from "../../../lib/http";
import { contractRoutes } from "../../../middleware/auth-guards";
import { auditActorOf } from "../audit-actor";

/** /api/admin/ai-configs…: the AI settings section (adminAiConfigsContract); admins only. */
export function adminAiSettingsRoutes(ctx: AppContext) {
  const configs = ctx.services.admin.aiSettings;

  const actorOf = (c: Context<AppEnv>) => auditActorOf(ctx, c);

  return contractRoutes(ctx)
    .on(adminAiConfigsContract.list, async () => ({
      status: 200,
      body: { configs: await configs.list() },
    }))
    .on(adminAiConfigsContract.create, async (c, { body }) => ({
      status: 201,
      body: { config: await configs.create(await actorOf(c), body.serviceName) },
    }))
    .on(adminAiConfigsContract.update, async (c, { params, body }) => ({
      status: 200,
      body: { config: await configs.update(await actorOf(c), params.id, body) },
    }))
    .on(adminAiConfigsContract.remove, async (c, { params }) => {
      await configs.remove(await actorOf(c), params.id);
      return { status: 200, body: { ok: true as const } };
    })
    .on(adminAiConfigsContract.test, async (_c, { params }) => ({
      status: 200,
      body: await configs.test(params.id),
    })).hono;
}
