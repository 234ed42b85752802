import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import {
  parseSort,
  type AuditAction,
  type AuditEntityType,
  type AuditEntry,
  type AuditQuery,
} from "@rupa/shared";
import { auditLog } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import { anyContains } from "../../infra/db/like-pattern";
import { countAll, readPage } from "../../infra/db/page";

/** The admin making a change, and from where (written on every audit row). */
export interface AuditActor {
  userId: string;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditInput {
  actor: AuditActor;
  /** `<entity>.<verb>`, e.g. `user.credits_added` (AUDIT_ACTIONS, which the panel translates). */
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * The audit trail. `write` takes the transaction of the change it records, so the row exists
 * exactly when the change does (a failed change rolls its audit row back with it).
 */
export function createAuditRepository(db: Database) {
  return {
    async write(tx: Tx, e: AuditInput): Promise<void> {
      await tx.insert(auditLog).values({
        actorId: e.actor.userId,
        actorEmail: sql`(SELECT email FROM users WHERE id = ${e.actor.userId})`,
        action: e.action,
        entityType: e.entityType,
        entityId: e.entityId,
        before: e.before ?? null,
        after: e.after ?? null,
        ip: e.actor.ip,
        userAgent: e.actor.userAgent?.slice(0, 400) ?? null,
      });
    },

    async list(query: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
      const where: SQL[] = [];
      if (query.entityType) where.push(eq(auditLog.entityType, query.entityType));
      if (query.entityId) where.push(eq(auditLog.entityId, query.entityId));
      if (query.action) where.push(eq(auditLog.action, query.action));
      if (query.q)
        where.push(anyContains([auditLog.actorEmail, auditLog.action, auditLog.entityId], query.q));
      const cond = and(...where);
      const { direction } = parseSort(query.sort);
      const order = direction === "asc" ? asc(auditLog.createdAt) : desc(auditLog.createdAt);
      const { rows, total } = await readPage(
        query,
        db.select().from(auditLog).where(cond).orderBy(order, desc(auditLog.id)).$dynamic(),
        db.select({ n: countAll }).from(auditLog).where(cond),
      );
      return {
        total,
        items: rows.map((r) => ({
          id: r.id,
          actor: { id: r.actorId, email: r.actorEmail },
          action: r.action,
          entityType: r.entityType as AuditEntityType,
          entityId: r.entityId,
          before: r.before ?? null,
          after: r.after ?? null,
          ip: r.ip,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
