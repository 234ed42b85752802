import { generationsContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { followSSE } from "../../lib/follow-sse";
import { contractRoutes } from "../../middleware/auth-guards";
import { rateLimit, type RouteLimit } from "../../middleware/rate-limit";

const TERMINAL = new Set(["succeeded", "failed"]);

/** /api/generations: start one (one call), follow it by SSE or polling, and the health check. */
/**
 * Starting avatars, plain or custom (one budget): a member's own, a guest's per trial and
 * address.
 */
export const generationLimit: RouteLimit = {
  name: "generations",
  limit: "rate_limit_generation_per_hour",
  windowSeconds: 3600,
  by: (actor, ip) => (actor.userId ? { user: actor.userId } : { guest: actor.guestTrialId, ip }),
};

export function generationRoutes(ctx: AppContext) {
  const { generations } = ctx.services;
  return (
    contractRoutes(ctx)
      .on(generationsContract.health, async (c) => ({
        status: 200,
        body: await generations.health(await ctx.resolveActor(c)),
      }))
      // The caller's generations still queued or processing (the gallery's progress cards).
      .on(generationsContract.active, async (c) => {
        const actor = await ctx.resolveActor(c);
        if (!actor.userId && !actor.guestTrialId) return { status: 200, body: { generations: [] } };
        return { status: 200, body: { generations: await generations.active(actor) } };
      })
      .on(generationsContract.start, rateLimit(ctx, generationLimit), async (c, { body }) => {
        const actor = await ctx.resolveActor(c);
        const generation = await generations.start(actor, body, c.get("clientIp"));
        return { status: 202, body: { generation } };
      })
      .on(generationsContract.get, async (c, { params }) => {
        const gen = await generations.owned(await ctx.resolveActor(c), params.id);
        return { status: 200, body: { generation: await generations.view(gen) } };
      })
      .on(generationsContract.events, async (c, { params }) => {
        const actor = await ctx.resolveActor(c);
        const { id } = params;
        await generations.owned(actor, id);
        return followSSE(c, {
          event: "generation",
          until: ctx.drain.signal,
          subscribe: (wake) => ctx.services.generationEvents.subscribe(id, wake),
          async load() {
            const view = await generations.view(await generations.owned(actor, id));
            return { data: { generation: view }, done: TERMINAL.has(view.status) };
          },
        });
      }).hono
  );
}
