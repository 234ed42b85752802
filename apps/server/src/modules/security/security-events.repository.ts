import { and, asc, desc, eq, gte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { parseSort, type SecurityEvent, type SecurityEventsQuery } from "@rupa/shared";
import type { SECURITY_EVENT_TYPES, SEVERITIES } from "../../db/schema";
import { securityEvents, users } from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import { anyContains } from "../../infra/db/like-pattern";
import { countAll, readPage } from "../../infra/db/page";
import { accountDigest } from "./account-digest";

export interface SecurityEventInput {
  type: (typeof SECURITY_EVENT_TYPES)[number];
  severity?: (typeof SEVERITIES)[number];
  userId?: string | null;
  actorId?: string | null;
  /**
   * The request it came from: a RequestMeta or an AuditActor as it is, or `{ ip }` for a caller
   * that sends no browser (a webhook). Absent: the server itself (a sweep, the command line).
   */
  from?: EventOrigin;
  details?: Record<string, unknown>;
}

/** The address and browser a security event keeps of its request. */
export interface EventOrigin {
  ip: string | null;
  userAgent?: string | null;
}

const values = (e: SecurityEventInput) => ({
  type: e.type,
  severity: e.severity ?? "info",
  userId: e.userId ?? null,
  actorId: e.actorId ?? null,
  ip: e.from?.ip ?? null,
  userAgent: e.from?.userAgent?.slice(0, 400) ?? null,
  details: e.details ?? {},
});

/** Failed sign-ins, rate-limit hits, role and credit changes… for the admin Security page. */
export function createSecurityEventsRepository(db: Database) {
  const subject = alias(users, "subject");
  const actor = alias(users, "actor");
  return {
    async record(e: SecurityEventInput): Promise<void> {
      await db.insert(securityEvents).values(values(e));
    },

    /** The same, inside the transaction of the change it records (admin actions). */
    async recordIn(tx: Tx, e: SecurityEventInput): Promise<void> {
      await tx.insert(securityEvents).values(values(e));
    },

    /**
     * Accounts (distinct `details.account`) that failed to sign in from `ip` in the last
     * `seconds`: the suspicious-activity check (served by the type/created_at index).
     */
    async failedAccountsFrom(ip: string, seconds: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(DISTINCT ${securityEvents.details}->>'account')::int` })
        .from(securityEvents)
        .where(
          and(
            eq(securityEvents.type, "sign_in_failed"),
            gte(securityEvents.createdAt, sql`now() - make_interval(secs => ${seconds})`),
            eq(securityEvents.ip, ip),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Events of the last 24 hours: all, failed sign-ins, rate-limit hits, suspicious. */
    async last24h(): Promise<{
      events: number;
      failedSignIns: number;
      rateLimited: number;
      suspicious: number;
    }> {
      const n = (type?: string) =>
        type
          ? sql<number>`count(*) FILTER (WHERE ${securityEvents.type} = ${type})::int`
          : sql<number>`count(*)::int`;
      const [row] = await db
        .select({
          events: n(),
          failedSignIns: n("sign_in_failed"),
          rateLimited: n("rate_limited"),
          suspicious: n("suspicious_activity"),
        })
        .from(securityEvents)
        .where(gte(securityEvents.createdAt, sql`now() - interval '24 hours'`));
      return {
        events: Number(row?.events ?? 0),
        failedSignIns: Number(row?.failedSignIns ?? 0),
        rateLimited: Number(row?.rateLimited ?? 0),
        suspicious: Number(row?.suspicious ?? 0),
      };
    },

    /**
     * One page of events; `q` matches the user's or actor's e-mail, the address or the type, and
     * an e-mail also finds the failed sign-ins on it when no account has it (by its digest).
     */
    async list(query: SecurityEventsQuery): Promise<{ items: SecurityEvent[]; total: number }> {
      const where: SQL[] = [];
      if (query.type) where.push(eq(securityEvents.type, query.type));
      if (query.severity) where.push(eq(securityEvents.severity, query.severity));
      if (query.q) {
        const columns = [subject.email, actor.email, securityEvents.ip, securityEvents.type];
        where.push(
          or(
            anyContains(columns, query.q),
            ...(query.q.includes("@")
              ? [sql`${securityEvents.details}->>'account' = ${accountDigest(query.q)}`]
              : []),
          )!,
        );
      }
      const cond = and(...where);
      const order =
        parseSort(query.sort).direction === "asc"
          ? asc(securityEvents.createdAt)
          : desc(securityEvents.createdAt);
      const base = () =>
        db
          .select({
            e: securityEvents,
            subjectEmail: subject.email,
            actorEmail: actor.email,
          })
          .from(securityEvents)
          .leftJoin(subject, eq(subject.id, securityEvents.userId))
          .leftJoin(actor, eq(actor.id, securityEvents.actorId));
      const { rows, total } = await readPage(
        query,
        base().where(cond).orderBy(order, desc(securityEvents.id)).$dynamic(),
        db
          .select({ n: countAll })
          .from(securityEvents)
          .leftJoin(subject, eq(subject.id, securityEvents.userId))
          .leftJoin(actor, eq(actor.id, securityEvents.actorId))
          .where(cond),
      );
      return {
        total,
        items: rows.map(({ e, subjectEmail, actorEmail }) => ({
          id: e.id,
          type: e.type as SecurityEvent["type"],
          severity: e.severity as SecurityEvent["severity"],
          user: e.userId ? { id: e.userId, email: subjectEmail } : null,
          actor: e.actorId ? { id: e.actorId, email: actorEmail } : null,
          ip: e.ip,
          userAgent: e.userAgent,
          details: e.details,
          createdAt: e.createdAt.toISOString(),
        })),
      };
    },
  };
}
export type SecurityEventsRepository = ReturnType<typeof createSecurityEventsRepository>;
