import { accountExportsContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { errors } from "../../lib/errors";
import { contractRoutes } from "../../middleware/auth-guards";
import { rateLimit } from "../../middleware/rate-limit";

/**
 * /api/account/exports: "Unduh data saya" (docs/product/privacy.md, Export; ADR 045). The
 * member's own exports only: another member's id is the same 404 as an unknown one.
 */
export function accountExportRoutes(ctx: AppContext) {
  const exports = ctx.services.accountExports;
  // One export at a time is the rule; this keeps a member from asking again and again.
  const askLimit = rateLimit(ctx, {
    name: "account-exports",
    limit: 5,
    windowSeconds: 24 * 3600,
    by: (actor) => ({ user: actor.userId }),
  });
  return contractRoutes(ctx)
    .on(accountExportsContract.list, async (_c, { userId }) => ({
      status: 200,
      body: { exports: await exports.list(userId) },
    }))
    .on(accountExportsContract.create, askLimit, async (_c, { userId }) => ({
      status: 202,
      body: { export: await exports.request(userId) },
    }))
    .on(accountExportsContract.download, async (c, { params, userId }) => {
      const found = await exports.open(userId, params.id);
      if (!found) throw errors.notFound("Export not found");
      const { object, fileName } = found;
      c.header("Content-Type", "application/zip");
      c.header("Content-Length", String(object.size));
      c.header("Content-Disposition", `attachment; filename="${fileName}"`);
      c.header("Cache-Control", "private, no-store");
      c.header("X-Content-Type-Options", "nosniff");
      return c.body(object.body);
    }).hono;
}
