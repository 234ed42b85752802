import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import {
  DATA_REQUEST_LIMIT_HOURS,
  parseSort,
  type DataRequestKind,
  type DataRequestState,
  type DataRequestsQuery,
} from "@rupa/shared";
import { breachNotices, users } from "../../../db/schema";
import type { Database, Tx } from "../../../infra/db/client";
import { likePattern } from "../../../infra/db/like-pattern";
import { readPage } from "../../../infra/db/page";

export interface DataRequestRow {
  kind: DataRequestKind;
  id: string;
  requestedAt: Date;
  fulfilledAt: Date | null;
  failedAt: Date | null;
  state: DataRequestState;
  userId: string | null;
  email: string | null;
  guest: boolean;
}

export type BreachNoticeRow = typeof breachNotices.$inferSelect;

const toDate = (v: unknown): Date | null => (v == null ? null : new Date(v as string | Date));

/**
 * The three kinds of request in one list (docs/product/privacy.md, "Data requests and breach
 * notices"): an export is asked when its row is made and fulfilled when its file is ready; an
 * account deletion is done in the request that asks it (its security event, without the person);
 * a consent withdrawal (its processing-log line) is fulfilled when its photos' deletion is
 * logged, or at once when there was nothing left to delete.
 */
function requestsOf(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const sameOwner = (a: string, b: string) =>
    sql.raw(`(${a}.user_id = ${b}.user_id OR ${a}.guest_trial_id = ${b}.guest_trial_id)`);
  return sql`
    WITH r AS (
      SELECT 'export'::text AS kind, e.id::text AS id, e.created_at AS requested_at,
        CASE WHEN e.status IN ('ready', 'expired') THEN e.completed_at END AS fulfilled_at,
        CASE WHEN e.status = 'failed' THEN coalesce(e.completed_at, e.created_at) END AS failed_at,
        e.user_id AS user_id, false AS guest
      FROM account_exports e
      UNION ALL
      SELECT 'deletion'::text, s.id::text, s.created_at, s.created_at, NULL::timestamptz,
        NULL::text, false
      FROM security_events s WHERE s.type = 'account_deleted'
      UNION ALL
      SELECT 'withdrawal'::text, w.id::text, w.created_at,
        coalesce((
          SELECT min(d.created_at) FROM processing_log d
          WHERE d.kind = 'photos_deleted' AND d.detail->>'reason' = 'request'
            AND ${sameOwner("d", "w")} AND d.created_at >= w.created_at
            AND NOT EXISTS (
              SELECT 1 FROM processing_log n
              WHERE n.kind = 'consent_withdrawn' AND ${sameOwner("n", "w")}
                AND n.created_at > w.created_at AND n.created_at <= d.created_at)
        ), w.created_at),
        NULL::timestamptz, w.user_id, w.user_id IS NULL
      FROM processing_log w WHERE w.kind = 'consent_withdrawn'
    ), s AS (
      SELECT r.*, u.email AS email,
        CASE
          WHEN r.failed_at IS NOT NULL THEN 'failed'
          WHEN r.fulfilled_at IS NOT NULL THEN
            CASE WHEN r.fulfilled_at <= r.requested_at + make_interval(hours => ${DATA_REQUEST_LIMIT_HOURS})
              THEN 'done' ELSE 'done_late' END
          WHEN r.requested_at + make_interval(hours => ${DATA_REQUEST_LIMIT_HOURS}) < ${at} THEN 'overdue'
          ELSE 'open'
        END AS state
      FROM r LEFT JOIN users u ON u.id = r.user_id
    )`;
}

/**
 * What admin › Keamanan › Permintaan data reads: the members' data requests (read only: each is
 * written by its own module), and the breach notices it records.
 */
export function createDataRequestsRepository(db: Database) {
  return {
    async list(
      q: DataRequestsQuery,
      now: Date,
    ): Promise<{ rows: DataRequestRow[]; total: number }> {
      const where: SQL[] = [sql`true`];
      if (q.kind) where.push(sql`kind = ${q.kind}`);
      if (q.state) where.push(sql`state = ${q.state}`);
      if (q.q) where.push(sql`email ILIKE ${likePattern(q.q)}`);
      const cond = sql.join(where, sql` AND `);
      const { direction } = parseSort(q.sort);
      const dir = sql.raw(direction === "asc" ? "ASC" : "DESC");
      const base = requestsOf(now);
      const [page, total] = await Promise.all([
        db.execute<Record<string, unknown>>(sql`${base}
          SELECT * FROM s WHERE ${cond}
          ORDER BY requested_at ${dir}, kind ${dir}, id ${dir}
          LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
        db.execute<{ n: number | string }>(
          sql`${base} SELECT count(*)::int AS n FROM s WHERE ${cond}`,
        ),
      ]);
      return {
        rows: page.rows.map((r) => ({
          kind: r.kind as DataRequestKind,
          id: String(r.id),
          requestedAt: toDate(r.requested_at)!,
          fulfilledAt: toDate(r.fulfilled_at),
          failedAt: toDate(r.failed_at),
          state: r.state as DataRequestState,
          userId: (r.user_id as string | null) ?? null,
          email: (r.email as string | null) ?? null,
          guest: r.guest === true || r.guest === "t",
        })),
        total: Number(total.rows[0]?.n ?? 0),
      };
    },

    /** Open and overdue now; fulfilled in the 30 days before `now`, and of those, late. */
    async summary(now: Date) {
      const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
      const res = await db.execute<Record<string, number | string>>(sql`${requestsOf(now)}
        SELECT
          count(*) FILTER (WHERE state = 'open')::int AS open,
          count(*) FILTER (WHERE state = 'overdue')::int AS overdue,
          count(*) FILTER (WHERE state IN ('done', 'done_late')
            AND fulfilled_at >= ${since}::timestamptz)::int AS done,
          count(*) FILTER (WHERE state = 'done_late'
            AND fulfilled_at >= ${since}::timestamptz)::int AS late
        FROM s`);
      const r = res.rows[0] ?? {};
      return {
        open: Number(r.open ?? 0),
        overdue: Number(r.overdue ?? 0),
        doneLast30Days: Number(r.done ?? 0),
        lateLast30Days: Number(r.late ?? 0),
      };
    },

    /**
     * The members a breach in a window ending at `to` affects (docs/product/privacy.md): every
     * account that existed at some time in the window, i.e. made before it ended, and still
     * exists (a deleted one left no address and no data). With the handle given.
     */
    async affected(h: Database | Tx, to: Date) {
      return h
        .select({ id: users.id })
        .from(users)
        .where(lt(users.createdAt, to))
        .orderBy(users.id);
    },

    async countAffected(to: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users).where(lt(users.createdAt, to));
      return Number(row?.n ?? 0);
    },

    /** A notice for exactly this window sent since `since`, if any (a second press of Send). */
    async sameWindowSince(tx: Tx, from: Date, to: Date, since: Date) {
      const [row] = await tx
        .select({ id: breachNotices.id })
        .from(breachNotices)
        .where(
          and(
            eq(breachNotices.windowFrom, from),
            eq(breachNotices.windowTo, to),
            gte(breachNotices.createdAt, since),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async insertNotice(
      tx: Tx,
      n: {
        actorId: string;
        windowFrom: Date;
        windowTo: Date;
        messageId: string;
        messageEn: string;
        recipientCount: number;
      },
    ): Promise<BreachNoticeRow> {
      const [row] = await tx
        .insert(breachNotices)
        .values({
          ...n,
          actorEmail: sql`(SELECT email FROM users WHERE id = ${n.actorId})`,
        })
        .returning();
      return row!;
    },

    async notices(page: number, pageSize: number) {
      return readPage(
        { page, pageSize },
        db
          .select()
          .from(breachNotices)
          .orderBy(desc(breachNotices.createdAt), desc(breachNotices.id))
          .$dynamic(),
        db.select({ n: count() }).from(breachNotices),
      );
    },

    async notice(id: string): Promise<BreachNoticeRow | null> {
      const [row] = await db.select().from(breachNotices).where(eq(breachNotices.id, id));
      return row ?? null;
    },

    /** A recipient's address and language, while the account exists. */
    async recipient(userId: string) {
      const [row] = await db
        .select({ email: users.email, language: users.preferredLanguage })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },
  };
}
export type DataRequestsRepository = ReturnType<typeof createDataRequestsRepository>;
