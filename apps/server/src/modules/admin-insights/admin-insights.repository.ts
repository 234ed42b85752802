import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { parseSort, type AdminUploadsQuery } from "@rupa/shared";
import {
  creditLots,
  creditSpends,
  generationJobs,
  results,
  styles,
  uploads,
  users,
} from "../../db/schema";
import type { Database, Tx } from "../../infra/db/client";
import { likePattern } from "../../infra/db/like-pattern";

/** The Asia/Jakarta calendar day of a timestamp column, `YYYY-MM-DD` (the zone has no DST). */
const jakartaDay = (column: SQL) =>
  sql<string>`to_char(${column} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD')`;

/** Spends that are usage: credits turned into images (not admin adjustments or payment refunds). */
const USAGE_REASONS = ["avatar", "kanvas", "custom_profession"];

export interface InsightTotals {
  users: number;
  results: number;
  uploads: number;
  activeStyles: number;
  creditsUsed: number;
}

export interface StyleCount {
  styleId: string;
  name: string;
  nameId: string;
  count: number;
}

export interface RecentResultRow {
  id: string;
  imageKey: string;
  thumbKey: string | null;
  styleName: string | null;
  styleNameId: string | null;
  ownerEmail: string | null;
  createdAt: Date;
}

export interface AdminUploadRow {
  id: string;
  userId: string | null;
  guestTrialId: string | null;
  email: string | null;
  status: string;
  errorCode: string | null;
  width: number | null;
  height: number | null;
  sizeBytes: number | null;
  originalKey: string | null;
  croppedKey: string | null;
  thumbKey: string | null;
  createdAt: Date;
  completedAt: Date | null;
  originalDeletedAt: Date | null;
}

/** A half-open interval of instants, [start, end). */
export interface Instants {
  start: Date;
  end: Date;
}

export type DayCounts = Map<string, number>;

const count = sql<number>`count(*)::int`;

/** Read-only figures for the admin Dashboard and Analytics, and the admin side of uploads. */
export function createAdminInsightsRepository(db: Database) {
  const dayCounts = async (
    table: "results" | "uploads" | "users",
    range: Instants,
  ): Promise<DayCounts> => {
    const r = await db.execute<{ day: string; n: number }>(sql`
      SELECT ${jakartaDay(sql`created_at`)} AS day, count(*)::int AS n
      FROM ${sql.identifier(table)}
      WHERE created_at >= ${range.start.toISOString()}::timestamptz
        AND created_at < ${range.end.toISOString()}::timestamptz
      GROUP BY 1`);
    return new Map(r.rows.map((row) => [row.day, Number(row.n)]));
  };

  const uploadColumns = {
    id: uploads.id,
    userId: uploads.userId,
    guestTrialId: uploads.guestTrialId,
    email: users.email,
    status: uploads.status,
    errorCode: uploads.errorCode,
    width: uploads.width,
    height: uploads.height,
    sizeBytes: uploads.sizeBytes,
    originalKey: uploads.originalKey,
    croppedKey: uploads.croppedKey,
    thumbKey: uploads.thumbKey,
    createdAt: uploads.createdAt,
    completedAt: uploads.completedAt,
    originalDeletedAt: uploads.originalDeletedAt,
  };

  return {
    async totals(): Promise<InsightTotals> {
      const one = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
      const [u, r, up, s, spent, refunded] = await Promise.all([
        one(db.select({ n: count }).from(users)),
        one(db.select({ n: count }).from(results)),
        one(db.select({ n: count }).from(uploads)),
        one(
          db
            .select({ n: count })
            .from(styles)
            .where(and(eq(styles.isActive, true), isNull(styles.deletedAt))),
        ),
        one(
          db
            .select({ n: sql<number>`coalesce(sum(${creditSpends.amount}), 0)::int` })
            .from(creditSpends)
            .where(inArray(creditSpends.reason, USAGE_REASONS)),
        ),
        one(
          db
            .select({ n: sql<number>`coalesce(sum(${creditLots.amount}), 0)::int` })
            .from(creditLots)
            .where(eq(creditLots.source, "refund")),
        ),
      ]);
      return {
        users: u,
        results: r,
        uploads: up,
        activeStyles: s,
        creditsUsed: spent - refunded,
      };
    },

    /** Results, uploads and new users per Asia/Jakarta day within the instants. */
    async daily(
      range: Instants,
    ): Promise<{ generations: DayCounts; uploads: DayCounts; newUsers: DayCounts }> {
      const [g, up, nu] = await Promise.all([
        dayCounts("results", range),
        dayCounts("uploads", range),
        dayCounts("users", range),
      ]);
      return { generations: g, uploads: up, newUsers: nu };
    },

    /** The styles with the most results (within the instants when given), counted exactly. */
    async topStyles(limit: number, range?: Instants): Promise<StyleCount[]> {
      const n = sql<number>`count(${results.id})::int`;
      const rows = await db
        .select({ styleId: styles.id, name: styles.name, nameId: styles.nameId, n })
        .from(results)
        .innerJoin(styles, eq(styles.id, results.styleId))
        .where(
          range
            ? and(gte(results.createdAt, range.start), lt(results.createdAt, range.end))
            : undefined,
        )
        .groupBy(styles.id, styles.name, styles.nameId)
        .orderBy(desc(n), asc(styles.name))
        .limit(limit);
      return rows.map((r) => ({ ...r, count: Number(r.n) }));
    },

    async recentResults(limit: number): Promise<RecentResultRow[]> {
      return db
        .select({
          id: results.id,
          imageKey: results.imageKey,
          thumbKey: results.thumbKey,
          styleName: styles.name,
          styleNameId: styles.nameId,
          ownerEmail: users.email,
          createdAt: results.createdAt,
        })
        .from(results)
        .leftJoin(styles, eq(styles.id, results.styleId))
        .leftJoin(users, eq(users.id, results.userId))
        .orderBy(desc(results.createdAt), desc(results.id))
        .limit(limit);
    },

    async listUploads(
      query: AdminUploadsQuery,
    ): Promise<{ items: AdminUploadRow[]; total: number }> {
      const where: SQL[] = [];
      if (query.status) where.push(eq(uploads.status, query.status));
      if (query.q) where.push(ilike(users.email, likePattern(query.q)));
      const cond = where.length ? and(...where) : undefined;
      const { column, direction } = parseSort(query.sort);
      const col = column === "completedAt" ? uploads.completedAt : uploads.createdAt;
      const order = direction === "asc" ? sql`${col} ASC NULLS LAST` : sql`${col} DESC NULLS LAST`;
      const [items, total] = await Promise.all([
        db
          .select(uploadColumns)
          .from(uploads)
          .leftJoin(users, eq(users.id, uploads.userId))
          .where(cond)
          .orderBy(order, desc(uploads.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: count })
          .from(uploads)
          .leftJoin(users, eq(users.id, uploads.userId))
          .where(cond),
      ]);
      return { items, total: Number(total[0]?.n ?? 0) };
    },

    /** The upload with its owner's e-mail, its row locked until the transaction ends; or null. */
    async lockUpload(tx: Tx, id: string): Promise<AdminUploadRow | null> {
      const [row] = await tx
        .select(uploadColumns)
        .from(uploads)
        .leftJoin(users, eq(users.id, uploads.userId))
        .where(eq(uploads.id, id))
        .for("update", { of: uploads });
      return row ?? null;
    },

    /** How many queued or running generations read this upload. */
    async generationsUsing(tx: Tx, uploadId: string): Promise<number> {
      const running = await tx
        .select({ n: count })
        .from(generationJobs)
        .where(
          and(
            eq(generationJobs.uploadId, uploadId),
            inArray(generationJobs.status, ["queued", "processing"]),
          ),
        );
      return Number(running[0]?.n ?? 0);
    },

    /** The upload's row; results made from it stay (their `upload_id` becomes null). */
    async deleteUpload(tx: Tx, id: string): Promise<void> {
      await tx.delete(uploads).where(eq(uploads.id, id));
    },
  };
}
export type AdminInsightsRepository = ReturnType<typeof createAdminInsightsRepository>;
