import { settingDefinitions, settingKeys, type SettingKey } from "@rupa/shared";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { readJson } from "../../lib/http";

/**
 * PUT /dev/fixtures/settings/:key sets one app setting (validated like any stored value), so a
 * journey can stage what an operator would (referral rewards paused) before the admin screens
 * for those settings exist. Mounted only when NODE_ENV=test (the Playwright server); never in
 * development or production.
 */
export function devFixturesRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().put("/settings/:key", async (c) => {
    const key = c.req.param("key") as SettingKey;
    if (!settingKeys.includes(key)) return c.json({ error: "unknown setting" }, 404);
    const { value } = await readJson(c, z.object({ value: z.string() }));
    if (!settingDefinitions[key].schema.safeParse(value).success)
      return c.json({ error: "invalid value" }, 400);
    await ctx.services.settings.set(key, value, null);
    return c.json({ key, value });
  });
}
