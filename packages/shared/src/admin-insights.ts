import { z } from "zod";
import { adminPageSchema, adminTableQuery } from "./admin-tables";
import { AI_PROVIDERS, UPLOAD_STATUSES } from "./constants";
import { defineRoutes } from "./contract";
import { likenessQualitySchema } from "./likeness";

/**
 * The admin Dashboard, Analytics and Uploads sections (issue 13).
 *
 * Days are calendar days in Asia/Jakarta (WIB, UTC+7, no daylight saving), written
 * `YYYY-MM-DD`, and every day of a range is listed (days without activity count 0).
 *
 * What the figures count:
 * - users: accounts (members and admins); guests are not users.
 * - generations / results: avatars made (rows of `results`, members' and guests' alike).
 *   Failed generations made nothing and are not counted.
 * - uploads: photos uploaded, whatever became of them.
 * - active styles: styles switched on and not (soft-)deleted.
 * - credits used: credits spent on generating (avatars, Kanvas, custom professions) less the
 *   refunds of generations that failed; admin adjustments and payment refunds are not usage.
 * - top styles: counted exactly in SQL over every result (the first version's page counted at most
 *   the 1000 newest), in the range for Analytics and over all time on the Dashboard.
 */

export const ADMIN_TIME_ZONE = "Asia/Jakarta";
/** The Dashboard's chart and Analytics' default range: the last 7 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 7;
/** The longest range Analytics answers (inclusive days). */
export const ANALYTICS_MAX_DAYS = 90;
/** The presets the Analytics page offers (`?range=`). */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export const DASHBOARD_RECENT_RESULTS = 30;
export const TOP_STYLES_LIMIT = 5;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day, `YYYY-MM-DD`. */
export const isoDaySchema = z
  .string()
  .regex(DAY_RE, "A day as YYYY-MM-DD")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "Not a calendar day");

/** Whole days from `from` to `to`, both included (`2026-11-01`..`2026-11-07` → 7). */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** The range of days an Analytics query asks for (see analyticsQuerySchema). */
const rangeShape = {
  days: z
    .union([z.number(), z.string().regex(/^\d{1,3}$/)])
    .transform(Number)
    .pipe(z.number().int().min(1).max(ANALYTICS_MAX_DAYS))
    .optional(),
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
};

function checkRange(
  q: { days?: number; from?: string; to?: string },
  ctx: z.core.$RefinementCtx<unknown>,
): void {
  if (q.days !== undefined && (q.from !== undefined || q.to !== undefined)) {
    ctx.addIssue({ code: "custom", path: ["days"], message: "Give days, or from and to" });
  }
  if (q.from && q.to) {
    if (q.from > q.to) {
      ctx.addIssue({ code: "custom", path: ["from"], message: "from must not be after to" });
    } else if (daysInRange(q.from, q.to) > ANALYTICS_MAX_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `At most ${ANALYTICS_MAX_DAYS} days`,
      });
    }
  }
}

/**
 * GET /api/admin/analytics: either `days` (the last N days, today included) or `from` and/or
 * `to` (inclusive days; a missing end is filled in: `to` defaults to today, `from` to 6 days
 * before `to`). `from` ≤ `to`, at most ANALYTICS_MAX_DAYS days.
 */
export const analyticsQuerySchema = z.object(rangeShape).superRefine(checkRange);
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

export const dailyCountSchema = z.object({
  /** A day in Asia/Jakarta, `YYYY-MM-DD`. */
  date: z.string(),
  generations: z.number().int().nonnegative(),
  uploads: z.number().int().nonnegative(),
  newUsers: z.number().int().nonnegative(),
});
export type DailyCount = z.infer<typeof dailyCountSchema>;

export const topStyleSchema = z.object({
  rank: z.number().int().positive(),
  styleId: z.string(),
  /** English and Indonesian names (the page shows the one of its language). */
  name: z.string(),
  nameId: z.string(),
  count: z.number().int().positive(),
});
export type TopStyle = z.infer<typeof topStyleSchema>;

export const healthStateSchema = z.enum(["healthy", "error"]);
export type HealthState = z.infer<typeof healthStateSchema>;

export const dashboardResultSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  thumbUrl: z.string().nullable(),
  style: z.object({ name: z.string(), nameId: z.string() }).nullable(),
  /** The owner's e-mail; null for a guest's trial. */
  ownerEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type DashboardResult = z.infer<typeof dashboardResultSchema>;

export const dashboardResponseSchema = z.object({
  totals: z.object({
    users: z.number().int().nonnegative(),
    results: z.number().int().nonnegative(),
    activeStyles: z.number().int().nonnegative(),
    creditsUsed: z.number().int(),
  }),
  /** Money in from paid orders net of refunds (IDR): today, the last 7 and 30 WIB days. */
  revenue: z.object({
    todayIdr: z.number().int(),
    last7DaysIdr: z.number().int(),
    last30DaysIdr: z.number().int(),
  }),
  /** The last 7 days, oldest first, today last. */
  days: z.array(dailyCountSchema),
  /** All time. */
  topStyles: z.array(topStyleSchema),
  /** The newest DASHBOARD_RECENT_RESULTS results. */
  recentResults: z.array(dashboardResultSchema),
  /** From the same checks as GET /api/health (database, storage, queue). */
  health: healthStateSchema,
  timeZone: z.string(),
  generatedAt: z.string(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

export const analyticsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** All time (users, generations, uploads) and now (active styles). */
  totals: z.object({
    users: z.number().int().nonnegative(),
    generations: z.number().int().nonnegative(),
    uploads: z.number().int().nonnegative(),
    activeStyles: z.number().int().nonnegative(),
  }),
  /** Sums over the range. */
  rangeTotals: z.object({
    generations: z.number().int().nonnegative(),
    uploads: z.number().int().nonnegative(),
    newUsers: z.number().int().nonnegative(),
  }),
  /** Every day of the range, oldest first. */
  days: z.array(dailyCountSchema),
  /** The range's most used styles, counted exactly. */
  topStyles: z.array(topStyleSchema),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

/**
 * Garansi Mirip's quality table (issue 38, ADR 038): the checked results of a range grouped by
 * the provider and model of the job that made them, or by style; the busiest groups first.
 */
export const LIKENESS_QUALITY_GROUPS = ["model", "style"] as const;
export type LikenessQualityGroup = (typeof LIKENESS_QUALITY_GROUPS)[number];
/** The most groups the table lists (by checked results, the most first). */
export const LIKENESS_QUALITY_ROWS = 20;

/** GET /api/admin/analytics/likeness: Analytics' range, and what to group by (`model`). */
export const likenessQualityQuerySchema = z
  .object({ ...rangeShape, by: z.enum(LIKENESS_QUALITY_GROUPS).default("model") })
  .superRefine(checkRange);
export type LikenessQualityQuery = z.output<typeof likenessQualityQuerySchema>;

export const likenessQualityRowSchema = likenessQualitySchema.extend({
  /** The group's key: `provider/model`, or the style's id. */
  id: z.string(),
  /** Grouped by model: the provider and model the job rows recorded; else null. */
  provider: z.enum(AI_PROVIDERS).nullable(),
  modelName: z.string().nullable(),
  /** Grouped by style: its English and Indonesian names; else null. */
  style: z.object({ name: z.string(), nameId: z.string() }).nullable(),
});
export type LikenessQualityRow = z.infer<typeof likenessQualityRowSchema>;

export const likenessQualityResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  by: z.enum(LIKENESS_QUALITY_GROUPS),
  /** Every checked result of the range together. */
  total: likenessQualitySchema,
  /** At most LIKENESS_QUALITY_ROWS groups, the most checked results first. */
  rows: z.array(likenessQualityRowSchema),
});
export type LikenessQualityResponse = z.infer<typeof likenessQualityResponseSchema>;

export const uploadStatusSchema = z.enum(UPLOAD_STATUSES);
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

export const ADMIN_UPLOADS_SORTABLE = ["createdAt", "completedAt"] as const;

/** GET /api/admin/uploads: newest first; `q` matches the owner's e-mail. */
export const adminUploadsQuerySchema = adminTableQuery({
  sortable: ADMIN_UPLOADS_SORTABLE,
  defaultSort: "createdAt.desc",
  filters: { status: uploadStatusSchema.optional() },
});
export type AdminUploadsQuery = z.output<typeof adminUploadsQuerySchema>;

export const adminUploadSchema = z.object({
  id: z.string(),
  owner: z.object({
    kind: z.enum(["user", "guest"]),
    /** The member's e-mail; null for a guest. */
    email: z.string().nullable(),
  }),
  status: uploadStatusSchema,
  errorCode: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sizeBytes: z.number().int().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Originals are deleted 24 hours after upload (with their crops); then these are null. */
  originalDeletedAt: z.string().nullable(),
  originalUrl: z.string().nullable(),
  croppedUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
});
export type AdminUpload = z.infer<typeof adminUploadSchema>;

export const adminUploadsPageSchema = adminPageSchema(adminUploadSchema);
export type AdminUploadsPage = z.infer<typeof adminUploadsPageSchema>;

export const adminUploadIdSchema = z.uuid();

export const adminInsightsContract = defineRoutes({
  dashboard: {
    method: "GET",
    path: "/api/admin/dashboard",
    summary:
      "Totals (users, results, active styles, credits used), the last 7 days, top styles, the newest results and health",
    access: "admin",
    responses: { 200: dashboardResponseSchema },
  },
  analytics: {
    method: "GET",
    path: "/api/admin/analytics",
    summary: `Totals, daily generations, uploads and sign-ups, and top styles over a range of days (at most ${ANALYTICS_MAX_DAYS})`,
    access: "admin",
    query: analyticsQuerySchema,
    responses: { 200: analyticsResponseSchema },
  },
  likenessQuality: {
    method: "GET",
    path: "/api/admin/analytics/likeness",
    summary: `Garansi Mirip over a range of days: checked results, median score, redo and refund rates, per provider and model or per style (at most ${LIKENESS_QUALITY_ROWS} groups)`,
    access: "admin",
    query: likenessQualityQuerySchema,
    responses: { 200: likenessQualityResponseSchema },
  },
  uploads: {
    method: "GET",
    path: "/api/admin/uploads",
    summary: "Uploaded photos, newest first, searchable by owner e-mail and filterable by status",
    access: "admin",
    query: adminUploadsQuerySchema,
    responses: { 200: adminUploadsPageSchema },
  },
  deleteUpload: {
    method: "DELETE",
    path: "/api/admin/uploads/:id",
    summary:
      "Delete an upload: its files and its row (results made from it stay); refused while a generation is using it",
    access: "admin",
    params: z.object({ id: adminUploadIdSchema }),
    notFound: "Upload not found",
    responses: { 200: z.object({ ok: z.literal(true) }) },
    errors: [409],
  },
});
