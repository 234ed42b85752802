import { adminFeedbackContract, feedbackContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";
import { rateLimit } from "../../middleware/rate-limit";
import { auditActorOf } from "../audit/audit-actor";

/**
 * POST /api/feedback: stored for admins, with the user when signed in; rate-limited per IP.
 * /api/admin/feedback…: the admins' inbox.
 */
export function feedbackRoutes(ctx: AppContext) {
  const svc = ctx.services.feedback;
  const limit = rateLimit(ctx, {
    name: "feedback",
    limit: "rate_limit_feedback_per_hour",
    windowSeconds: 3600,
    by: (actor, ip) => ({ ip, user: actor.userId }),
  });
  return contractRoutes(ctx)
    .on(feedbackContract.send, limit, async (c, { body: input }) => {
      const id = await svc.insert({
        userId: (await ctx.resolveActor(c)).userId,
        type: input.type,
        email: input.email ?? null,
        subject: input.subject,
        message: input.message,
      });
      return { status: 201, body: { id } };
    })
    .on(adminFeedbackContract.list, async (_c, { query }) => ({
      status: 200,
      body: await svc.list(query),
    }))
    .on(adminFeedbackContract.setHandled, async (c, { params, body }) => ({
      status: 200,
      body: { feedback: await svc.setHandled(await auditActorOf(ctx, c), params.id, body.handled) },
    })).hono;
}
