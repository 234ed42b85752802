import type { Context } from "hono";
import type { AppEnv } from "../../lib/http";
import { requestMeta, type RequestMeta } from "../../lib/request-meta";
import type { AuditActor } from "../audit/audit.repository";

/**
 * The admin behind a request, as an audit row names them: the user the route's guard resolved
 * (the contract router hands it to the handler), from which address and agent.
 */
export function auditActorOf(c: Context<AppEnv>, userId: string): AuditActor {
  return auditActor(requestMeta(c), userId);
}

/** The admin `userId` as an audit row names them, from the request's address and agent. */
export function auditActor(
  meta: Pick<RequestMeta, "ip" | "userAgent">,
  userId: string,
): AuditActor {
  return { userId, ip: meta.ip, userAgent: meta.userAgent };
}
