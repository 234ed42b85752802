import { authContract, referralCodeSchema } from "@rupa/shared";
import type { MiddlewareHandler } from "hono";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { AppError } from "../../lib/errors";
import { appendCookies, requestMeta } from "../../lib/request-meta";
import { contractRoutes } from "../../middleware/auth-guards";

/**
 * Sign-in and sessions: providers, sign-up, sign-in, sign-out, password reset, confirmation
 * mail, Google start (under /api/account), and the better-auth endpoints a browser reaches
 * directly (under /api/auth): the e-mail confirmation link and the OAuth callback. Everything
 * else of better-auth stays unreachable from outside; these routes call it with their own
 * validation, rate limits and events.
 */
export function authRoutes(ctx: AppContext) {
  const auth = ctx.services.auth;
  const ok = { status: 200, body: { ok: true } } as const;
  const forward = (c: { req: { raw: Request } }) => ctx.auth.handler(c.req.raw);
  return contractRoutes(ctx)
    .on(authContract.providers, () => ({
      status: 200,
      // Both keys are required together (env.ts), so one stands for both.
      body: { google: Boolean(ctx.env.GOOGLE_CLIENT_ID && ctx.env.GOOGLE_CLIENT_SECRET) },
    }))
    .on(authContract.signUp, async (c, { body }) => {
      const { status, referral } = await auth.signUp(body, requestMeta(c));
      return { status: 201, body: { status, referral } };
    })
    .on(authContract.signIn, async (c, { body }) => {
      const { user, setCookies } = await auth.signIn(body, requestMeta(c));
      appendCookies(c, setCookies);
      return { status: 200, body: { user } };
    })
    .on(authContract.signOut, async (c) => {
      appendCookies(c, await auth.signOut(requestMeta(c)));
      return ok;
    })
    .on(authContract.forgotPassword, async (c, { body }) => {
      await auth.forgotPassword(body.email, requestMeta(c));
      return ok;
    })
    .on(authContract.resetPassword, async (c, { body }) => {
      appendCookies(c, await auth.resetPassword(body, requestMeta(c)));
      return ok;
    })
    .on(authContract.resendVerification, async (c, { body }) => {
      await auth.resendVerification(body.email, requestMeta(c));
      return ok;
    })
    .on(authContract.googleStart, async (c, { query }) => {
      // The visitor's stored referral code (?referralCode=…); a malformed one is ignored (the
      // web only sends well-formed codes) and Google sign-in goes on without it.
      const ref = referralCodeSchema.safeParse(query.referralCode);
      try {
        const { url, setCookies } = await auth.googleStart(
          requestMeta(c),
          ref.success ? ref.data : undefined,
        );
        appendCookies(c, setCookies);
        return c.redirect(url, 302);
      } catch (err) {
        if (err instanceof AppError && err.code === "google_unavailable")
          c.get("log").info("Google sign-in is not configured");
        else c.get("log").warn({ err }, "Google sign-in could not start");
        return c.redirect("/auth?google=unavailable", 302);
      }
    })
    .on(authContract.verifyEmail, async (c, { query }) => {
      // Confirmed: signed in, on to /eksplor with the welcome (and the referral welcome). Used,
      // expired or invalid: /auth says which and offers what to do next.
      const outcome = query.token
        ? await auth.confirmByLink(query.token, requestMeta(c))
        : ({ kind: "invalid" } as const);
      if (outcome.kind === "signed_in") {
        appendCookies(c, outcome.setCookies);
        return c.redirect(`/eksplor?welcome=${outcome.referred ? "referred" : "1"}`, 302);
      }
      const to = new URLSearchParams({ verified: outcome.kind });
      if (outcome.kind !== "invalid" && outcome.email) to.set("email", outcome.email);
      return c.redirect(`/auth?${to.toString()}`, 302);
    })
    .on(authContract.oauthCallback, forward)
    .on(authContract.oauthCallbackPost, formOnly, forward).hono;
}

/**
 * An OAuth callback arrives by POST only as a form (response_mode=form_post). Anything else is
 * refused here: better-auth would report other types and bad JSON on the console.
 */
const formOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type))
    throw new AppError("unsupported_media_type", 415, "Send the callback as a form");
  await next();
};
