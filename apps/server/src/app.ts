import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { paymentsContract, webhooksContract } from "@rupa/shared";
import type { AppContext } from "./context";
import type { AppEnv } from "./lib/http";
import { errors } from "./lib/errors";
import { apiRateLimit } from "./middleware/api-rate-limit";
import { canonicalOrigin } from "./middleware/canonical-origin";
import { compressResponses } from "./middleware/compress";
import { httpMetrics } from "./middleware/http-metrics";
import { apiNotFound, handleError } from "./middleware/error-handler";
import { requestContext } from "./middleware/request-context";
import { sameOriginMutations } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { staticWeb, type StaticWeb } from "./middleware/static-web";
import { serverModules } from "./modules";

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
  app.use("*", httpMetrics(ctx.metrics));
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
  for (const module of serverModules)
    for (const routes of module.routes?.(ctx) ?? []) api.route("/", routes);
  api.notFound(apiNotFound);

  app.route("/api", api);
  app.all("/api", apiNotFound);
  // Pages outside /api (the payment simulator, the dev mailbox), before the web app's fallback.
  for (const module of serverModules)
    for (const page of module.pages?.(ctx) ?? []) app.route(page.path, page.routes);
  ctx.loopback.bind((request) => app.fetch(request));
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
