import { customProfessionRequestSchema, PROFESSION_VARIANTS } from "@rupa/shared";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { readJson, readQuery } from "../../lib/http";
import { requireUser } from "../../middleware/auth-guards";
import { rateLimit } from "../../middleware/rate-limit";
import { generationLimit } from "../generations/generations.routes";

/** /api/custom-profession: the feature switch, the active configuration and new requests. */
export function customProfessionRoutes(ctx: AppContext) {
  const svc = ctx.services.customProfession;
  return (
    new Hono<AppEnv>()
      .get("/", async (c) => {
        const { variant } = readQuery(
          c,
          z.object({ variant: z.enum(PROFESSION_VARIANTS).default("action_figure") }),
        );
        return c.json(await svc.state(variant));
      })
      // The members' generation budget (the route is for members only).
      .post(
        "/requests",
        rateLimit(ctx, { ...generationLimit, by: (a) => ({ user: a.userId }) }),
        async (c) => {
          await requireUser(ctx, c);
          const input = await readJson(c, customProfessionRequestSchema);
          const actor = await ctx.resolveActor(c);
          const { requestId, generation } = await svc.request(actor, input, c.get("clientIp"));
          return c.json(
            { request: { id: requestId, status: "pending" as const }, generation },
            202,
          );
        },
      )
  );
}
