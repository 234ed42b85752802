import { webhooksContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/errors";
import { verifyReplicateWebhook } from "../../infra/providers/remote/replicate-webhook";
import { contractRoutes } from "../../middleware/auth-guards";

/**
 * POST /api/webhooks/replicate: a signed status update for a prediction. Only verified
 * deliveries count; they wake the generation that waits on that prediction.
 */
export function replicateWebhookRoutes(ctx: AppContext) {
  return contractRoutes(ctx).on(webhooksContract.replicate, async (c) => {
    const secret = ctx.env.REPLICATE_WEBHOOK_SECRET;
    if (!secret) throw new AppError("not_found", 404, "Webhooks are not enabled");
    const raw = await c.req.text();
    const ok = verifyReplicateWebhook(
      secret,
      {
        id: c.req.header("webhook-id"),
        timestamp: c.req.header("webhook-timestamp"),
        signature: c.req.header("webhook-signature"),
      },
      raw,
    );
    if (!ok) {
      await ctx.services.security.record({
        type: "api_abuse",
        severity: "warning",
        from: { ip: c.get("clientIp") },
        details: { webhook: "replicate", reason: "bad_signature" },
      });
      throw new AppError("unauthorized", 401, "Invalid webhook signature");
    }
    let id: unknown;
    try {
      id = (JSON.parse(raw) as { id?: unknown }).id;
    } catch {
      throw new AppError("invalid_json", 400, "The request body is not valid JSON");
    }
    if (typeof id === "string") ctx.services.predictionWaiters.notify(id);
    return c.body(null, 204);
  }).hono;
}
