import { Hono } from "hono";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { requireUser } from "../../middleware/auth-guards";

/** GET /api/referrals/me: the signed-in user's referral progress card. */
export function referralRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().get("/me", async (c) => {
    const userId = await requireUser(ctx, c);
    return c.json(await ctx.services.referrals.statsFor(userId));
  });
}
