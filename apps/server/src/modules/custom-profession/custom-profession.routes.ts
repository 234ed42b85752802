import { customProfessionContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";
import { rateLimit } from "../../middleware/rate-limit";
import { generationLimit } from "../jobs";

/** /api/custom-profession: the feature switch, the active configuration and new requests. */
export function customProfessionRoutes(ctx: AppContext) {
  const svc = ctx.services.customProfession;
  return (
    contractRoutes(ctx)
      .on(customProfessionContract.state, async (_c, { query }) => ({
        status: 200,
        body: await svc.state(query.variant),
      }))
      // The members' generation budget (the route is for members only).
      .on(
        customProfessionContract.request,
        rateLimit(ctx, { ...generationLimit, by: (a) => ({ user: a.userId }) }),
        async (c, { body: input, actor }) => {
          const { requestId, generation } = await svc.request(actor, input, c.get("clientIp"));
          return {
            status: 202,
            body: { request: { id: requestId, status: "pending" as const }, generation },
          };
        },
      ).hono
  );
}
