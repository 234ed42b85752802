import { feedbackRequestSchema } from "@rupa/shared";
import { Hono } from "hono";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { readJson } from "../../lib/http";

/** POST /api/feedback: stored for admins, with the user when signed in; rate-limited per IP. */
export function feedbackRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().post("/", async (c) => {
    const input = await readJson(c, feedbackRequestSchema);
    const actor = await ctx.resolveActor(c);
    const limit = await ctx.services.settings.getInt("rate_limit_feedback_per_hour");
    await ctx.services.limiter.consume(
      { name: "feedback", limit, windowSeconds: 3600 },
      { ip: c.get("clientIp"), user: actor.userId },
    );
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
