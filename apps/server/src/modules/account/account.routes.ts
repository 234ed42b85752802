import { deleteAccountRequestSchema, updateProfileRequestSchema } from "@rupa/shared";
import { Hono } from "hono";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { readJson } from "../../lib/http";
import { appendCookies, requestMeta } from "../../lib/request-meta";
import { requireUser } from "../../middleware/auth-guards";

/** /api/account: the member's own account (profile, deletion). Sign-in lives in modules/auth. */
export function accountRoutes(ctx: AppContext) {
  const account = ctx.services.account;
  return new Hono<AppEnv>()
    .get("/me", async (c) => c.json({ user: await account.me(c.req.raw.headers) }))
    .patch("/profile", async (c) => {
      const userId = await requireUser(ctx, c);
      const patch = await readJson(c, updateProfileRequestSchema);
      return c.json({ user: await account.updateProfile(userId, patch) });
    })
    .delete("/", async (c) => {
      const userId = await requireUser(ctx, c);
      const { confirmEmail } = await readJson(c, deleteAccountRequestSchema);
      const meta = requestMeta(c);
      await account.confirmDeletion(userId, confirmEmail);
      appendCookies(c, await ctx.services.auth.signOut(meta));
      await account.deleteAccount(userId, confirmEmail, meta);
      return c.json({ ok: true as const });
    });
}
