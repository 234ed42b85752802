import { kanvasContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";
import { rateLimit } from "../../middleware/rate-limit";
import { followJob, generationLimit } from "../jobs";

/** /api/kanvas: start a run, the member's runs, one run, its cancel, and its live progress. */
export function kanvasRoutes(ctx: AppContext) {
  const { kanvas } = ctx.services;
  return contractRoutes(ctx)
    .on(kanvasContract.start, rateLimit(ctx, generationLimit), async (c, { body }) => {
      const run = await kanvas.start(await ctx.resolveActor(c), body);
      return { status: 202, body: { run } };
    })
    .on(kanvasContract.runs, async (c) => ({
      status: 200,
      body: { runs: await kanvas.runs(await ctx.resolveActor(c)) },
    }))
    .on(kanvasContract.get, async (c, { params }) => {
      const run = await kanvas.owned(await ctx.resolveActor(c), params.id);
      return { status: 200, body: { run: await kanvas.view(run) } };
    })
    .on(kanvasContract.cancel, async (c, { params }) => ({
      status: 200,
      body: { run: await kanvas.cancel(await ctx.resolveActor(c), params.id) },
    }))
    .on(kanvasContract.events, async (c, { params }) => {
      const actor = await ctx.resolveActor(c);
      const { id } = params;
      await kanvas.owned(actor, id);
      return followJob(c, {
        id,
        event: "run",
        events: ctx.services.jobEvents,
        until: ctx.drain.signal,
        async load() {
          const run = await kanvas.view(await kanvas.owned(actor, id));
          return { data: { run }, done: run.status === "done" || run.status === "cancelled" };
        },
      });
    }).hono;
}
