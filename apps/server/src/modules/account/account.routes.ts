import { accountContract } from "@rupa/shared";
import type { AppContext } from "../../context";
import { appendCookies, requestMeta } from "../../lib/request-meta";
import { contractRoutes } from "../../middleware/auth-guards";

/** /api/account: the member's own account (profile, password, deletion). Sign-in lives in modules/auth. */
export function accountRoutes(ctx: AppContext) {
  const account = ctx.services.account;
  return contractRoutes(ctx)
    .on(accountContract.me, async (c) => {
      const actor = await ctx.resolveActor(c);
      if (!actor.userId) return { status: 200, body: { user: null } };
      // The account and the referral rewards the app announces (docs/product/referrals.md).
      const [user, referralRewards] = await Promise.all([
        account.me(actor),
        ctx.services.referrals.recentRewards(actor.userId),
      ]);
      return { status: 200, body: { user, referralRewards } };
    })
    .on(accountContract.updateProfile, async (c, { body, userId }) => {
      return { status: 200, body: { user: await account.updateProfile(userId, body) } };
    })
    .on(accountContract.changePassword, async (c, { body, userId }) => {
      appendCookies(c, await ctx.services.auth.changePassword(userId, body, requestMeta(c)));
      return { status: 200, body: { ok: true as const } };
    })
    .on(accountContract.remove, async (c, { body, userId }) => {
      const { confirmEmail } = body;
      const meta = requestMeta(c);
      await account.confirmDeletion(userId, confirmEmail);
      appendCookies(c, await ctx.services.auth.signOut(meta));
      await account.deleteAccount(userId, confirmEmail, meta);
      return { status: 200, body: { ok: true as const } };
    }).hono;
}
