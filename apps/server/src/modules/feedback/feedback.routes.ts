import { feedbackContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";
import { rateLimit } from "../../middleware/rate-limit";

/**
 * POST /api/feedback: stored for admins, with the user when signed in; rate-limited per IP. The
 * admins' inbox is modules/admin/feedback.
 */
export function feedbackRoutes(ctx: AppContext) {
  const svc = ctx.services.feedback;
  const limit = rateLimit(ctx, {
    name: "feedback",
    limit: "rate_limit_feedback_per_hour",
    windowSeconds: 3600,
    by: (actor, ip) => ({ ip, user: actor.userId }),
  });
  return contractRoutes(ctx).on(feedbackContract.send, limit, async (c, { body: input }) => {
    const id = await svc.insert({
      userId: (await ctx.resolveActor(c)).userId,
      type: input.type,
      email: input.email ?? null,
      subject: input.subject,
      message: input.message,
    });
    return { status: 201, body: { id } };
  }).hono;
}
