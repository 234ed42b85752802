import type { Context } from "hono";
import type { AppEnv } from "../../lib/http";
import { requestMeta } from "../../lib/request-meta";
import type { AuditActor } from "../audit/audit.repository";

/**
 * The admin behind a request, as an audit row names them: the user the route's guard resolved
 * (the contract router hands it to the handler), from which address and agent.
 */
export function auditActorOf(c: Context<AppEnv>, userId: string): AuditActor {
  const meta = requestMeta(c);
  return { userId, ip: meta.ip, userAgent: meta.userAgent };
}
