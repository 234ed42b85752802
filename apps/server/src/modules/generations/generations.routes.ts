import { startGenerationRequestSchema } from "@rupa/shared";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { errors } from "../../lib/errors";
import { readJson } from "../../lib/http";
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
  const idOf = (raw: string) => {
    const id = z.uuid().safeParse(raw);
    if (!id.success) throw errors.notFound("Generation not found");
    return id.data;
  };
  return (
    new Hono<AppEnv>()
      .get("/health", async (c) => c.json(await generations.health()))
      // The caller's generations still queued or processing (the gallery's progress cards).
      .get("/", async (c) => {
        const actor = await ctx.resolveActor(c);
        if (!actor.userId && !actor.guestTrialId) return c.json({ generations: [] });
        return c.json({ generations: await generations.active(actor) });
      })
      .post("/", rateLimit(ctx, generationLimit), async (c) => {
        const input = await readJson(c, startGenerationRequestSchema);
        const actor = await ctx.resolveActor(c);
        const generation = await generations.start(actor, input, c.get("clientIp"));
        return c.json({ generation }, 202);
      })
      .get("/:id", async (c) => {
        const gen = await generations.owned(await ctx.resolveActor(c), idOf(c.req.param("id")));
        return c.json({ generation: await generations.view(gen) });
      })
      .get("/:id/events", async (c) => {
        const actor = await ctx.resolveActor(c);
        const id = idOf(c.req.param("id"));
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
      })
  );
}
