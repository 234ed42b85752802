import { adminDataRequestsContract, adminSystemContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { contractRoutes } from "../../../middleware/auth-guards";
import { auditActorOf } from "../audit-actor";

/**
 * /api/admin/security…: admins only (the contract's `admin` access is checked on every request,
 * before anything is parsed).
 */
export function adminSecurityRoutes(ctx: AppContext) {
  const security = ctx.services.admin.security;
  const dataRequests = ctx.services.admin.dataRequests;
  return (
    contractRoutes(ctx)
      .on(adminSystemContract.security, async () => ({
        status: 200,
        body: await security.security(),
      }))
      .on(adminSystemContract.saveSecuritySettings, async (c, { body, userId }) => ({
        status: 200,
        body: await security.saveSecuritySettings(body, auditActorOf(c, userId)),
      }))
      .on(adminSystemContract.events, async (_c, { query }) => ({
        status: 200,
        body: await security.events(query),
      }))
      // Permintaan data (docs/product/privacy.md, "Data requests and breach notices").
      .on(adminDataRequestsContract.list, async (_c, { query }) => ({
        status: 200,
        body: await dataRequests.list(query),
      }))
      .on(adminDataRequestsContract.breachPreview, async (_c, { body }) => ({
        status: 200,
        body: await dataRequests.preview(body),
      }))
      .on(adminDataRequestsContract.sendBreachNotice, async (c, { body, userId }) => ({
        status: 200,
        body: await dataRequests.send(body, auditActorOf(c, userId)),
      }))
      .on(adminDataRequestsContract.breachNotices, async (_c, { query }) => ({
        status: 200,
        body: await dataRequests.notices(query.page),
      })).hono
  );
}
