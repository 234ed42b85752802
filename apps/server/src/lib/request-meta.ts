import type { Context } from "hono";
import type { AppEnv } from "./http";

/**
 * Who is asking: the request's headers (cookies), IP and user agent, and the origin the links
 * built for them use (PUBLIC_URL, or the request's own when it is not set: ADR 035).
 */
export interface RequestMeta {
  headers: Headers;
  ip: string;
  userAgent: string | null;
  /** Absent (a request made by the server itself, a test): PUBLIC_URL. */
  origin?: string;
}

export function requestMeta(c: Context<AppEnv>): RequestMeta {
  return {
    headers: c.req.raw.headers,
    ip: c.get("clientIp"),
    userAgent: c.req.header("user-agent") ?? null,
    origin: c.get("linkOrigin"),
  };
}

/** Append each Set-Cookie header (several may be set at once). */
export function appendCookies(c: Context<AppEnv>, cookies: string[]) {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
}
