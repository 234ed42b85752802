import { adminCustomProfessionContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { contractRoutes } from "../../../middleware/auth-guards";
import { auditActorOf } from "../audit-actor";

/** /api/admin/custom-profession…: the Custom profession section (admins only). */
export function adminCustomProfessionRoutes(ctx: AppContext) {
  const svc = ctx.services.admin.customProfession;
  return contractRoutes(ctx)
    .on(adminCustomProfessionContract.overview, async () => ({
      status: 200,
      body: await svc.overview(),
    }))
    .on(adminCustomProfessionContract.setEnabled, async (c, { body, userId }) => ({
      status: 200,
      body: await svc.setEnabled(auditActorOf(c, userId), body.enabled),
    }))
    .on(adminCustomProfessionContract.configs, async () => ({
      status: 200,
      body: { items: await svc.configs() },
    }))
    .on(adminCustomProfessionContract.createConfig, async (c, { body, userId }) => ({
      status: 201,
      body: { config: await svc.create(auditActorOf(c, userId), body) },
    }))
    .on(adminCustomProfessionContract.updateConfig, async (c, { params, body, userId }) => ({
      status: 200,
      body: { config: await svc.update(auditActorOf(c, userId), params.id, body) },
    }))
    .on(adminCustomProfessionContract.setConfigActive, async (c, { params, body, userId }) => ({
      status: 200,
      body: { config: await svc.setActive(auditActorOf(c, userId), params.id, body.active) },
    }))
    .on(adminCustomProfessionContract.requests, async () => ({
      status: 200,
      body: { items: await svc.requests() },
    })).hono;
}
