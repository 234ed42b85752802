import type { Context } from "hono";
import type { AppEnv } from "./http";

/** Who is asking: the request's headers (cookies), IP and user agent. */
export interface RequestMeta {
  headers: Headers;
  ip: string;
  userAgent: string | null;
}

export function requestMeta(c: Context<AppEnv>): RequestMeta {
  return {
    headers: c.req.raw.headers,
    ip: c.get("clientIp"),
    userAgent: c.req.header("user-agent") ?? null,
  };
}

/** Append each Set-Cookie header (several may be set at once). */
export function appendCookies(c: Context<AppEnv>, cookies: string[]) {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
}
