import { createHash } from "node:crypto";
import { PAGE_ENTRY_LOADER } from "@rupa/shared/page-loader";
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

/**
 * Headers that only act on a document (or a worker's script): the policy, framing, referrer,
 * permissions and opener rules. The web build's hashed files (static-web marks them immutable)
 * are scripts and stylesheets loaded by a page whose own headers govern them, so they are sent
 * without these: about 0.7 KB less per file, which a first visit downloads a dozen times over
 * mobile data (docs/decisions/026). They keep nosniff, the resource policy and strict transport
 * security. Anything else, an HTML page above all, keeps every header, whatever its address.
 */
const DOCUMENT_ONLY = [
  "content-security-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
] as const;

/** The one inline script a page may run: a server-rendered page's entry loader, by its hash. */
const PAGE_ENTRY_LOADER_HASH = `'sha256-${createHash("sha256").update(PAGE_ENTRY_LOADER).digest("base64")}'`;

/**
 * Security headers on every response (see DOCUMENT_ONLY for the build's files). The app loads
 * only its own scripts, and the entry loader of a server-rendered page; styles allow inline
 * because the toast and dialog libraries inject style elements at run time.
 */
export function securityHeaders(httpsOnly: boolean): MiddlewareHandler {
  const all = documentHeaders(httpsOnly);
  return async (c, next) => {
    await all(c, next);
    if (!c.res.headers.get("cache-control")?.includes("immutable")) return;
    for (const name of DOCUMENT_ONLY) c.res.headers.delete(name);
  };
}

function documentHeaders(httpsOnly: boolean) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", PAGE_ENTRY_LOADER_HASH],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", "blob:"],
      workerSrc: ["'self'", "blob:"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(httpsOnly ? { upgradeInsecureRequests: [] } : {}),
    },
    crossOriginOpenerPolicy: "same-origin",
    crossOriginResourcePolicy: "same-origin",
    crossOriginEmbedderPolicy: false,
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: httpsOnly ? "max-age=31536000; includeSubDomains" : false,
    xContentTypeOptions: "nosniff",
    xFrameOptions: "DENY",
    xXssProtection: "0",
    permissionsPolicy: {
      camera: ["self"],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
    },
    removePoweredBy: true,
  });
}
