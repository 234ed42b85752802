import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { paymentsContract, webhooksContract } from "@rupa/shared";
import type { AppContext } from "./context";
import type { AppEnv } from "./lib/http";
import { errors } from "./lib/errors";
import { apiRateLimit } from "./middleware/api-rate-limit";
import { canonicalOrigin } from "./middleware/canonical-origin";
import { compressResponses } from "./middleware/compress";
import { apiNotFound, handleError } from "./middleware/error-handler";
import { requestContext } from "./middleware/request-context";
import { sameOriginMutations } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { staticWeb, type StaticWeb } from "./middleware/static-web";
import { accountRoutes } from "./modules/account/account.routes";
import { adminUserRoutes } from "./modules/admin/admin.routes";
import { adminInsightsRoutes } from "./modules/admin-insights/admin-insights.routes";
import { adminAiConfigsRoutes } from "./modules/admin-ai-configs/admin-ai-configs.routes";
import { adminReferralsRoutes } from "./modules/admin-referrals/admin-referrals.routes";
import { adminStylesRoutes } from "./modules/admin-styles/admin-styles.routes";
import { adminCustomProfessionRoutes } from "./modules/admin-custom-profession/admin-custom-profession.routes";
import { bannedKeywordsRoutes } from "./modules/banned-keywords/banned-keywords.routes";
import { adminSystemRoutes } from "./modules/admin-system/admin-system.routes";
import { auditRoutes } from "./modules/audit/audit.routes";
import { authRoutes } from "./modules/auth/auth.routes";
import { devFixturesRoutes } from "./modules/dev/dev-fixtures.routes";
import { devMailboxRoutes } from "./modules/dev/dev-mailbox.routes";
import { feedbackRoutes } from "./modules/feedback/feedback.routes";
import { fileRoutes } from "./modules/files/files.routes";
import { referralRoutes } from "./modules/referrals/referrals.routes";
import { styleRoutes } from "./modules/styles/styles.routes";
import { generationRoutes } from "./modules/generations/generations.routes";
import { guestRoutes } from "./modules/guests/guests.routes";
import { uploadRoutes } from "./modules/uploads/uploads.routes";
import { galleryRoutes } from "./modules/gallery/gallery.routes";
import { kanvasRoutes } from "./modules/kanvas/kanvas.routes";
import { customProfessionRoutes } from "./modules/custom-profession/custom-profession.routes";
import { replicateWebhookRoutes } from "./modules/webhooks/replicate-webhook.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { docsRoutes } from "./modules/docs/docs.routes";
import { paymentRoutes } from "./modules/payments/payments.routes";
import { simulatorRoutes } from "./modules/payment-simulator/simulator.routes";

const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Writes that come from other servers, not browsers: they send no Origin and prove themselves by
 * a signature (Midtrans' notifications, also posted in-process by the payment simulator;
 * Replicate's webhooks). Every other write must say it comes from Rupa's own pages.
 */
const SERVER_TO_SERVER = new Set<string>([
  paymentsContract.notification.path,
  webhooksContract.replicate.path,
]);

/** Whether a request may carry a body: not GET or HEAD, or one that announces a length or chunks. */
function hasBody(req: { method: string; header(name: string): string | undefined }): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return true;
  return (
    req.header("content-length") !== undefined || req.header("transfer-encoding") !== undefined
  );
}

/** The HTTP application: API under /api, the built web app (with SPA fallback) everywhere else. */
export function createApp(ctx: AppContext, opts: { webDistDir?: string } = {}) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use("*", requestContext(ctx.log, ctx.env.TRUST_PROXY));
  app.use("*", canonicalOrigin(ctx.env));
  app.use("*", securityHeaders(ctx.env.PUBLIC_URL.startsWith("https:")));
  app.use("*", compressResponses());

  const api = new Hono<AppEnv>();
  api.use(
    "*",
    sameOriginMutations(ctx.env.PUBLIC_URL, (path) => SERVER_TO_SERVER.has(path)),
  );
  // Before any body is read (ADR 018).
  api.use("*", apiRateLimit(ctx));
  const jsonLimit: MiddlewareHandler<AppEnv> = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw errors.tooLarge();
    },
  });
  api.use("*", async (c, next) => {
    // Multipart uploads set their own, larger limit on their route. A request without a body
    // (GET, HEAD, no length and no chunks) skips the check: reading it would build a whole
    // fetch Request per request, a third of /api/styles' time under load.
    if ((c.req.header("content-type") ?? "").startsWith("multipart/form-data")) return next();
    if (!hasBody(c.req)) return next();
    return jsonLimit(c as Context<AppEnv, string>, next);
  });
  api.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });
  api.route("/", healthRoutes(ctx));
  api.route("/", docsRoutes(ctx));
  api.route("/", fileRoutes(ctx));
  api.route("/", authRoutes(ctx));
  api.route("/", accountRoutes(ctx));
  api.route("/", adminUserRoutes(ctx));
  api.route("/", adminStylesRoutes(ctx));
  api.route("/", adminReferralsRoutes(ctx));
  api.route("/", adminAiConfigsRoutes(ctx));
  api.route("/", adminInsightsRoutes(ctx));
  api.route("/", adminCustomProfessionRoutes(ctx));
  api.route("/", bannedKeywordsRoutes(ctx));
  api.route("/", auditRoutes(ctx));
  api.route("/", adminSystemRoutes(ctx));
  api.route("/", styleRoutes(ctx));
  api.route("/", feedbackRoutes(ctx));
  api.route("/", referralRoutes(ctx));
  api.route("/", uploadRoutes(ctx));
  api.route("/", guestRoutes(ctx));
  api.route("/", generationRoutes(ctx));
  api.route("/", replicateWebhookRoutes(ctx));
  api.route("/", galleryRoutes(ctx));
  api.route("/", kanvasRoutes(ctx));
  api.route("/", customProfessionRoutes(ctx));
  api.route("/", paymentRoutes(ctx));
  api.notFound(apiNotFound);

  app.route("/api", api);
  app.all("/api", apiNotFound);
  // The payment simulator (404 wherever it is not allowed) and its in-process notifications.
  app.route("/pay", simulatorRoutes(ctx));
  ctx.loopback.bind((request) => app.fetch(request));
  if (ctx.env.NODE_ENV !== "production") app.route("/dev/mailbox", devMailboxRoutes(ctx));
  if (ctx.env.NODE_ENV === "test") app.route("/dev/fixtures", devFixturesRoutes(ctx));
  let web: StaticWeb | null = null;
  if (opts.webDistDir) {
    // Server rendering reads the same public API answers the browser would (docs/decisions/009).
    const fetchApi = (apiPath: string, init: RequestInit, c: Context<AppEnv>) =>
      Promise.resolve(app.request(apiPath, init, c.env));
    web = staticWeb(opts.webDistDir, {
      fetchApi,
      onDataChange: (listener) => ctx.services.stylesRepo.onChange(listener),
    });
    app.use("*", web);
  }
  // Outside /api, a page another route turns away (the payment simulator where it is not
  // allowed) is the web app's not-found page, with 404.
  app.notFound((c) =>
    c.req.path.startsWith("/api/")
      ? apiNotFound(c)
      : web
        ? web.notFound(c)
        : c.text("Not found", 404),
  );
  return app;
}
