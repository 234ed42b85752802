import {
  ADMIN_TIME_ZONE,
  ANALYTICS_DEFAULT_DAYS,
  DASHBOARD_RECENT_RESULTS,
  TOP_STYLES_LIMIT,
  type AdminUpload,
  type AdminUploadsQuery,
  type AnalyticsQuery,
  type AnalyticsResponse,
  type DailyCount,
  type DashboardResponse,
  type HealthState,
  type TopStyle,
  type UploadStatus,
} from "@rupa/shared";
import type { Transactor } from "../../infra/db/client";
import type { Storage } from "../../infra/storage/storage";
import { fileUrl } from "../../infra/storage/storage";
import { errors } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { AuditActor, AuditRepository } from "../audit/audit.repository";
import type {
  AdminInsightsRepository,
  AdminUploadRow,
  DayCounts,
  Instants,
  StyleCount,
} from "./admin-insights.repository";

// ---------------------------------------------------------------------------------------------
// Days in Asia/Jakarta (WIB: UTC+7 all year, no daylight saving since 1964)

const DAY_MS = 86_400_000;
const WIB_OFFSET_MS = 7 * 3_600_000;

/** The Asia/Jakarta calendar day of an instant, `YYYY-MM-DD`. */
export function jakartaDay(instant: number | Date): string {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  return new Date(ms + WIB_OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The instants a range of Jakarta days covers: [from 00:00 WIB, the day after `to` 00:00 WIB). */
export function instantsOf(from: string, to: string): Instants {
  return {
    start: new Date(Date.parse(`${from}T00:00:00+07:00`)),
    end: new Date(Date.parse(`${addDays(to, 1)}T00:00:00+07:00`)),
  };
}

/**
 * The days an Analytics query asks for: `days` (the last N, today included), or `from`/`to`
 * with a missing end filled in (`to` today, `from` 6 days before `to`). The schema has already
 * checked `from` ≤ `to` and the longest range.
 */
export function resolveRange(q: AnalyticsQuery, now: number): { from: string; to: string } {
  const today = jakartaDay(now);
  if (q.days !== undefined) return { from: addDays(today, 1 - q.days), to: today };
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, 1 - ANALYTICS_DEFAULT_DAYS);
  return { from, to };
}

/** Every day of the range with its counts (a day without activity counts 0). */
export function zeroFill(
  from: string,
  to: string,
  counts: { generations: DayCounts; uploads: DayCounts; newUsers: DayCounts },
): DailyCount[] {
  return daysBetween(from, to).map((date) => ({
    date,
    generations: counts.generations.get(date) ?? 0,
    uploads: counts.uploads.get(date) ?? 0,
    newUsers: counts.newUsers.get(date) ?? 0,
  }));
}

const ranked = (rows: StyleCount[]): TopStyle[] =>
  rows.map((r, i) => ({
    rank: i + 1,
    styleId: r.styleId,
    name: r.name,
    nameId: r.nameId,
    count: r.count,
  }));

export function adminUploadView(r: AdminUploadRow): AdminUpload {
  const url = (key: string | null) => (key ? fileUrl("user-uploads", key) : null);
  return {
    id: r.id,
    owner: r.userId ? { kind: "user", email: r.email } : { kind: "guest", email: null },
    status: r.status as UploadStatus,
    errorCode: r.errorCode,
    width: r.width,
    height: r.height,
    sizeBytes: r.sizeBytes,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    originalDeletedAt: r.originalDeletedAt?.toISOString() ?? null,
    originalUrl: r.originalDeletedAt ? null : url(r.originalKey),
    croppedUrl: url(r.croppedKey),
    thumbUrl: url(r.thumbKey),
  };
}

export interface AdminInsightsDeps {
  db: Transactor;
  repo: AdminInsightsRepository;
  audit: Pick<AuditRepository, "write">;
  storage: Pick<Storage, "delete">;
  /** The health service's admin report (modules/health): its checks, not a second set. */
  health: () => Promise<{ status: string }>;
  log: Pick<Logger, "warn">;
  now?: () => number;
}

/** The admin Dashboard, Analytics and Uploads sections. */
export function createAdminInsightsService(d: AdminInsightsDeps) {
  const now = d.now ?? (() => Date.now());

  const health = async (): Promise<HealthState> => {
    try {
      return (await d.health()).status === "healthy" ? "healthy" : "error";
    } catch {
      return "error";
    }
  };

  return {
    async dashboard(): Promise<DashboardResponse> {
      const at = now();
      const to = jakartaDay(at);
      const from = addDays(to, 1 - ANALYTICS_DEFAULT_DAYS);
      const [totals, daily, top, recent, state] = await Promise.all([
        d.repo.totals(),
        d.repo.daily(instantsOf(from, to)),
        d.repo.topStyles(TOP_STYLES_LIMIT),
        d.repo.recentResults(DASHBOARD_RECENT_RESULTS),
        health(),
      ]);
      return {
        totals: {
          users: totals.users,
          results: totals.results,
          activeStyles: totals.activeStyles,
          creditsUsed: totals.creditsUsed,
        },
        days: zeroFill(from, to, daily),
        topStyles: ranked(top),
        recentResults: recent.map((r) => ({
          id: r.id,
          imageUrl: fileUrl("generated-avatars", r.imageKey),
          thumbUrl: r.thumbKey ? fileUrl("generated-avatars", r.thumbKey) : null,
          style:
            r.styleName !== null
              ? { name: r.styleName, nameId: r.styleNameId ?? r.styleName }
              : null,
          ownerEmail: r.ownerEmail,
          createdAt: r.createdAt.toISOString(),
        })),
        health: state,
        timeZone: ADMIN_TIME_ZONE,
        generatedAt: new Date(at).toISOString(),
      };
    },

    async analytics(query: AnalyticsQuery): Promise<AnalyticsResponse> {
      const { from, to } = resolveRange(query, now());
      const range = instantsOf(from, to);
      const [totals, daily, top] = await Promise.all([
        d.repo.totals(),
        d.repo.daily(range),
        d.repo.topStyles(TOP_STYLES_LIMIT, range),
      ]);
      const days = zeroFill(from, to, daily);
      const sum = (k: "generations" | "uploads" | "newUsers") =>
        days.reduce((n, day) => n + day[k], 0);
      return {
        from,
        to,
        timeZone: ADMIN_TIME_ZONE,
        totals: {
          users: totals.users,
          generations: totals.results,
          uploads: totals.uploads,
          activeStyles: totals.activeStyles,
        },
        rangeTotals: {
          generations: sum("generations"),
          uploads: sum("uploads"),
          newUsers: sum("newUsers"),
        },
        days,
        topStyles: ranked(top),
      };
    },

    async listUploads(query: AdminUploadsQuery) {
      const page = await d.repo.listUploads(query);
      return {
        items: page.items.map(adminUploadView),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * Deletes an upload's row with its audit row (one transaction), then its files. A file
     * that cannot be deleted is logged: the row is gone, so nothing serves it any more.
     */
    async deleteUpload(id: string, actor: AuditActor): Promise<void> {
      const row = await d.db.transaction(async (tx) => {
        const row = await d.repo.lockUpload(tx, id);
        if (!row) throw errors.notFound("Upload not found");
        if ((await d.repo.generationsUsing(tx, id)) > 0) {
          throw errors.conflict(
            "conflict",
            "A generation is still using this photo; try again when it has finished",
          );
        }
        await d.audit.write(tx, {
          actor,
          action: "upload.deleted",
          entityType: "upload",
          entityId: row.id,
          before: {
            owner: row.userId
              ? { kind: "user", id: row.userId, email: row.email }
              : { kind: "guest", id: row.guestTrialId },
            status: row.status,
            originalKey: row.originalKey,
            croppedKey: row.croppedKey,
            thumbKey: row.thumbKey,
            createdAt: row.createdAt.toISOString(),
          },
          after: null,
        });
        await d.repo.deleteUpload(tx, id);
        return row;
      });
      for (const key of [row.originalKey, row.croppedKey, row.thumbKey]) {
        if (!key) continue;
        try {
          await d.storage.delete("user-uploads", key);
        } catch (e) {
          d.log.warn({ err: e, uploadId: row.id, key }, "upload file not deleted");
        }
      }
    },
  };
}
export type AdminInsightsService = ReturnType<typeof createAdminInsightsService>;
