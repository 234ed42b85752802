import type { Context } from "hono";
import type { AppContext } from "../../context";
import { errors } from "../../lib/errors";
import type { AppEnv } from "../../lib/http";
import { requestMeta } from "../../lib/request-meta";
import type { AuditActor } from "../audit/audit.repository";

/** The admin behind a request, as an audit row names them (who, from which address and agent). */
export async function auditActorOf(ctx: AppContext, c: Context<AppEnv>): Promise<AuditActor> {
  const actor = await ctx.resolveActor(c);
  if (!actor.userId) throw errors.unauthorized();
  const meta = requestMeta(c);
  return { userId: actor.userId, ip: meta.ip, userAgent: meta.userAgent };
}
