import { adminAiConfigsContract } from "@rupa/shared";
import type { Context } from "hono";
import type { AppContext } from "../../context";
import { errors } from "../../lib/errors";
import type { AppEnv } from "../../lib/http";
import { requestMeta } from "../../lib/request-meta";
import { contractRoutes } from "../../middleware/auth-guards";
import type { AuditActor } from "../audit/audit.repository";

/** /api/admin/ai-configs…: the AI settings section (adminAiConfigsContract); admins only. */
export function adminAiConfigsRoutes(ctx: AppContext) {
  const configs = ctx.services.adminAiConfigs;

  async function actorOf(c: Context<AppEnv>): Promise<AuditActor> {
    const actor = await ctx.resolveActor(c);
    if (!actor.userId) throw errors.unauthorized();
    const meta = requestMeta(c);
    return { userId: actor.userId, ip: meta.ip, userAgent: meta.userAgent };
  }

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
