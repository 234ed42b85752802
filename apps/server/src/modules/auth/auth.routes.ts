import {
  forgotPasswordRequestSchema,
  referralCodeSchema,
  resendVerificationRequestSchema,
  resetPasswordRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from "@rupa/shared";
import { Hono, type MiddlewareHandler } from "hono";
import type { AppContext } from "../../context";
import type { AppEnv } from "../../lib/http";
import { AppError } from "../../lib/errors";
import { readJson } from "../../lib/http";
import { appendCookies, requestMeta } from "../../lib/request-meta";

/**
 * /api/account (beside the account routes): providers, sign-up, sign-in, sign-out, password
 * reset, confirmation mail, Google start.
 */
export function authRoutes(ctx: AppContext) {
  const auth = ctx.services.auth;
  return new Hono<AppEnv>()
    .get("/providers", (c) => c.json({ google: Boolean(ctx.env.GOOGLE_CLIENT_ID) }))
    .post("/sign-up", async (c) => {
      const input = await readJson(c, signUpRequestSchema);
      const { referral } = await auth.signUp(input, requestMeta(c));
      return c.json({ status: "verification_sent" as const, referral }, 201);
    })
    .post("/sign-in", async (c) => {
      const input = await readJson(c, signInRequestSchema);
      const { user, setCookies } = await auth.signIn(input, requestMeta(c));
      appendCookies(c, setCookies);
      return c.json({ user });
    })
    .post("/sign-out", async (c) => {
      appendCookies(c, await auth.signOut(requestMeta(c)));
      return c.json({ ok: true as const });
    })
    .post("/forgot-password", async (c) => {
      const { email } = await readJson(c, forgotPasswordRequestSchema);
      await auth.forgotPassword(email, requestMeta(c));
      return c.json({ ok: true as const });
    })
    .post("/reset-password", async (c) => {
      await auth.resetPassword(await readJson(c, resetPasswordRequestSchema), requestMeta(c));
      return c.json({ ok: true as const });
    })
    .post("/resend-verification", async (c) => {
      const { email } = await readJson(c, resendVerificationRequestSchema);
      await auth.resendVerification(email, requestMeta(c));
      return c.json({ ok: true as const });
    })
    .get("/google/start", async (c) => {
      // The visitor's stored referral code (?referralCode=…); a malformed one is ignored (the
      // web only sends well-formed codes) and Google sign-in goes on without it.
      const ref = referralCodeSchema.safeParse(c.req.query("referralCode"));
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
    });
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

/**
 * The better-auth endpoints a browser reaches directly: the e-mail confirmation link and the
 * OAuth callback. Everything else of better-auth stays unreachable from outside; the routes
 * above call it with their own validation, rate limits and events.
 */
export function authCallbackRoutes(ctx: AppContext) {
  const forward = (c: { req: { raw: Request } }) => ctx.auth.handler(c.req.raw);
  return new Hono<AppEnv>()
    .get("/verify-email", async (c) => {
      // Every confirmation link lands on /auth: verified=1 on success, verified=0 otherwise.
      const url = new URL(c.req.url);
      url.searchParams.set("callbackURL", "/auth?verified=1");
      const res = await ctx.auth.handler(new Request(url, { headers: c.req.raw.headers }));
      const location = res.headers.get("location") ?? "";
      if (res.status >= 300 && res.status < 400 && !location.includes("error=")) return res;
      const failed = new Response(null, { status: 302, headers: res.headers });
      failed.headers.set("location", "/auth?verified=0");
      return failed;
    })
    .get("/callback/:provider", forward)
    .post("/callback/:provider", formOnly, forward);
}
