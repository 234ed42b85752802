import type { Context } from "hono";
import type { AppEnv } from "./http";
import type { RequestMeta } from "../modules/account/account.service";

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
