import { adminFeedbackContract } from "@rupa/shared";
import type { AppContext } from "../../../context";
import { contractRoutes } from "../../../middleware/auth-guards";
import { auditActorOf } from "../audit-actor";

/**
 * /api/admin/feedback…: the admins' inbox (the contract's `admin` access is checked on every
 * request). The form's POST /api/feedback is modules/feedback.
 */
export function adminFeedbackRoutes(ctx: AppContext) {
  const feedback = ctx.services.admin.feedback;
  return contractRoutes(ctx)
    .on(adminFeedbackContract.list, async (_c, { query }) => ({
      status: 200,
      body: await feedback.list(query),
    }))
    .on(adminFeedbackContract.setHandled, async (c, { params, body, userId }) => ({
      status: 200,
      body: {
        feedback: await feedback.setHandled(auditActorOf(c, userId), params.id, body.handled),
      },
    })).hono;
}
