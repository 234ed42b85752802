import { safeText, settingDefinitions, settingKeys, type SettingKey } from "@rupa/shared";
import { Hono } from "hono";
import sharp from "sharp";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { newObjectKey } from "../../infra/storage/storage";
import { readJson } from "../../lib/http";
import { requireUser } from "../../middleware/auth-guards";

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/** A picture standing in for a Kanvas image: a gradient with the prompt written on it. */
async function kanvasPicture(prompt: string): Promise<{ image: Buffer; thumb: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
    <rect width="1024" height="1024" fill="url(#g)"/>
    <circle cx="760" cy="280" r="150" fill="#fde68a" opacity="0.8"/>
    <text x="64" y="900" font-family="sans-serif" font-size="56" font-weight="700" fill="#fff">${esc(prompt.slice(0, 28))}</text>
  </svg>`;
  const image = await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
  const thumb = await sharp(image).resize(384, 384).webp({ quality: 75 }).toBuffer();
  return { image, thumb };
}

/**
 * POST /dev/fixtures/kanvas-images: gives the signed-in user a Kanvas image row, so browser
 * journeys can show a gallery with Kanvas images before Kanvas generation exists.
 * PUT /dev/fixtures/settings/:key sets one app setting (validated like any stored value), so a
 * journey can stage what an operator would (referral rewards paused) before the admin screens
 * for those settings exist. Mounted only when NODE_ENV=test (the Playwright server); never in
 * development or production.
 */
export function devFixturesRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .put("/settings/:key", async (c) => {
      const key = c.req.param("key") as SettingKey;
      if (!settingKeys.includes(key)) return c.json({ error: "unknown setting" }, 404);
      const { value } = await readJson(c, z.object({ value: z.string() }));
      if (!settingDefinitions[key].schema.safeParse(value).success)
        return c.json({ error: "invalid value" }, 400);
      await ctx.services.settings.set(key, value, null);
      return c.json({ key, value });
    })
    .post("/kanvas-images", async (c) => {
      const userId = await requireUser(ctx, c);
      const { prompt } = await readJson(
        c,
        z.object({ prompt: safeText().trim().min(1).max(2000) }),
      );
      const { image, thumb } = await kanvasPicture(prompt);
      const owner = { kind: "user" as const, id: userId };
      const imageKey = newObjectKey(owner, "jpg");
      const thumbKey = newObjectKey(owner, "webp", "thumb");
      await ctx.storage.put("generated-avatars", imageKey, image);
      await ctx.storage.put("generated-avatars", thumbKey, thumb);
      const id = await ctx.services.devFixtures.addKanvasImage({
        userId,
        imageKey,
        thumbKey,
        prompt,
      });
      return c.json({ id }, 201);
    });
}
