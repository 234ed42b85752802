import { generationsContract } from "@rupa/shared";
import { streamSSE } from "hono/streaming";
import type { AppContext } from "../../context";
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
      .on(generationsContract.health, async () => ({
        status: 200,
        body: await generations.health(),
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
        return streamSSE(c, async (stream) => {
          let last = "";
          let wake: () => void = () => {};
          const unsubscribe = ctx.services.generationEvents.subscribe(id, () => wake());
          const deadline = Date.now() + 10 * 60_000;
          try {
            while (!stream.aborted && Date.now() < deadline) {
              const gen = await generations.owned(actor, id);
              const view = await generations.view(gen);
              const payload = JSON.stringify({ generation: view });
              if (payload !== last) {
                last = payload;
                await stream.writeSSE({
                  event: "generation",
                  data: payload,
                  id: String(Date.now()),
                });
              }
              if (TERMINAL.has(view.status)) break;
              // Wake on an in-process change, or poll every 3 s (another process may own the job).
              await new Promise<void>((resolve) => {
                const t = setTimeout(resolve, 3000);
                wake = () => {
                  clearTimeout(t);
                  resolve();
                };
              });
            }
          } finally {
            unsubscribe();
          }
        });
      }).hono
  );
}
