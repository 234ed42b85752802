import { feedbackRequestSchema } from "@rupa/shared";
import { Hono } from "hono";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { readJson } from "../../lib/http";
import { rateLimit } from "../../middleware/rate-limit";

/** POST /api/feedback: stored for admins, with the user when signed in; rate-limited per IP. */
export function feedbackRoutes(ctx: AppContext) {
  const limit = rateLimit(ctx, {
    name: "feedback",
    limit: "rate_limit_feedback_per_hour",
    windowSeconds: 3600,
    by: (actor, ip) => ({ ip, user: actor.userId }),
  });
  return new Hono<AppEnv>().post("/", limit, async (c) => {
    const input = await readJson(c, feedbackRequestSchema);
    const actor = await ctx.resolveActor(c);
    const id = await ctx.services.feedback.insert({
      userId: actor.userId,
      type: input.type,
      email: input.email ?? null,
      subject: input.subject,
      message: input.message,
    });
    return c.json({ id }, 201);
  });
}
