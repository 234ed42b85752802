import { secureHeaders } from "hono/secure-headers";

/**
 * Security headers on every response. The app loads only its own scripts; styles allow inline
 * because the toast and dialog libraries inject style elements at run time.
 */
export function securityHeaders(httpsOnly: boolean) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
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
