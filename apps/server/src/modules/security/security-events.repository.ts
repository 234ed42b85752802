import type { SECURITY_EVENT_TYPES, SEVERITIES } from "../../db/schema";
import { securityEvents } from "../../db/schema";
import type { Database } from "../../infra/db/client";

export interface SecurityEventInput {
  type: (typeof SECURITY_EVENT_TYPES)[number];
  severity?: (typeof SEVERITIES)[number];
  userId?: string | null;
  actorId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
}

/** Failed sign-ins, rate-limit hits, role and credit changes… for the admin Security page. */
export function createSecurityEventsRepository(db: Database) {
  return {
    async record(e: SecurityEventInput): Promise<void> {
      await db.insert(securityEvents).values({
        type: e.type,
        severity: e.severity ?? "info",
        userId: e.userId ?? null,
        actorId: e.actorId ?? null,
        ip: e.ip ?? null,
        userAgent: e.userAgent?.slice(0, 400) ?? null,
        details: e.details ?? {},
      });
    },
  };
}
export type SecurityEventsRepository = ReturnType<typeof createSecurityEventsRepository>;
