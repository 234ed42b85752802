import { generationsContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";
import { rateLimit } from "../../middleware/rate-limit";
import { followJob, generationLimit } from "../jobs";

const TERMINAL = new Set(["succeeded", "failed"]);

/** /api/generations: start one (or a set from one photo), follow it by SSE or polling, and the health check. */
export function generationRoutes(ctx: AppContext) {
  const { generations } = ctx.services;
  return (
    contractRoutes(ctx)
      .on(generationsContract.health, async (c) => ({
        status: 200,
        body: await generations.health(await ctx.resolveActor(c)),
      }))
      // The caller's generations still queued or processing (the gallery's progress cards).
      .on(generationsContract.active, async (_c, { actor }) => {
        if (!actor.userId && !actor.guestTrialId) return { status: 200, body: { generations: [] } };
        return { status: 200, body: { generations: await generations.active(actor) } };
      })
      .on(
        generationsContract.start,
        rateLimit(ctx, generationLimit),
        async (c, { body, actor }) => {
          const generation = await generations.start(actor, body, c.get("clientIp"));
          return { status: 202, body: { generation } };
        },
      )
      // One photo, 1-5 styles: one request of the start's hourly budget, N avatars paid together.
      .on(
        generationsContract.batch,
        rateLimit(ctx, generationLimit),
        async (c, { body, actor }) => {
          const list = await generations.batch(actor, body, c.get("clientIp"));
          return { status: 202, body: { generations: list } };
        },
      )
      .on(generationsContract.get, async (c, { params, actor }) => {
        const gen = await generations.owned(actor, params.id);
        return { status: 200, body: { generation: await generations.view(gen) } };
      })
      .on(generationsContract.events, async (c, { params, actor }) =>
        followJob(c, ctx, {
          id: params.id,
          event: "generation",
          owned: () => generations.owned(actor, params.id),
          async load(gen) {
            const view = await generations.view(gen);
            return { data: { generation: view }, done: TERMINAL.has(view.status) };
          },
        }),
      ).hono
  );
}
