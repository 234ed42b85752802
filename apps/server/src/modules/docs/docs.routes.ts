import { buildOpenApi, docsContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";

/** GET /api/openapi.json: the API description, generated once from the route contracts. */
export function docsRoutes(ctx: AppContext) {
  let document: Record<string, unknown> | undefined;
  return contractRoutes(ctx).on(docsContract.openapi, (c) => {
    document ??= buildOpenApi({ version: ctx.version, serverUrl: ctx.env.PUBLIC_URL });
    c.header("Cache-Control", "public, max-age=300");
    return { status: 200, body: document };
  }).hono;
}
