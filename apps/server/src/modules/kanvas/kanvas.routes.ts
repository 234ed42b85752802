import { kanvasContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { contractRoutes } from "../../middleware/auth-guards";
import { rateLimit } from "../../middleware/rate-limit";
import { followJob, generationLimit } from "../jobs";

/** /api/kanvas: start a run, the member's runs, one run, its cancel, and its live progress. */
export function kanvasRoutes(ctx: AppContext) {
  const { kanvas } = ctx.services;
  return contractRoutes(ctx)
    .on(kanvasContract.start, rateLimit(ctx, generationLimit), async (c, { body, actor }) => {
      const run = await kanvas.start(actor, body);
      return { status: 202, body: { run } };
    })
    .on(kanvasContract.runs, async (_c, { actor }) => ({
      status: 200,
      body: { runs: await kanvas.runs(actor) },
    }))
    .on(kanvasContract.get, async (c, { params, actor }) => {
      const run = await kanvas.owned(actor, params.id);
      return { status: 200, body: { run: await kanvas.view(run) } };
    })
    .on(kanvasContract.cancel, async (c, { params, actor }) => ({
      status: 200,
      body: { run: await kanvas.cancel(actor, params.id) },
    }))
    .on(kanvasContract.events, async (c, { params, actor }) =>
      followJob(c, ctx, {
        id: params.id,
        event: "run",
        owned: () => kanvas.owned(actor, params.id),
        async load(owned) {
          const run = await kanvas.view(owned);
          return { data: { run }, done: run.status === "done" || run.status === "cancelled" };
        },
      }),
    ).hono;
}
