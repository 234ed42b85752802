import { z } from "zod";
import { adminPageSchema, adminTableQuery } from "./admin-tables";
import { defineRoutes } from "./contract";

/**
 * admin › Keamanan › Permintaan data (issue 40, docs/product/privacy.md "Data requests and breach
 * notices", ADR 046): every data export, account deletion and consent withdrawal with its timing
 * against the 72-hour limit, and the breach-notice tool.
 */

/** The hours a member's request about their data may take (3 × 24 h). */
export const DATA_REQUEST_LIMIT_HOURS = 72;

export const DATA_REQUEST_KINDS = ["export", "deletion", "withdrawal"] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

/**
 * open: not fulfilled, within the limit; overdue: not fulfilled, past it; done: fulfilled within
 * it; done_late: fulfilled after it; failed: an export that could not be made (asked again).
 */
export const DATA_REQUEST_STATES = ["open", "overdue", "done", "done_late", "failed"] as const;
export type DataRequestState = (typeof DATA_REQUEST_STATES)[number];

export const dataRequestSchema = z.object({
  /** `<kind>:<id of its record>`. */
  id: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  requestedAt: z.string(),
  /** When it was fulfilled, or null while it is not (or the export failed). */
  fulfilledAt: z.string().nullable(),
  /** requestedAt + 72 h. */
  dueAt: z.string(),
  state: z.enum(DATA_REQUEST_STATES),
  /** Done: the hours it took; failed: until it failed. Else null. */
  hoursTaken: z.number().nullable(),
  /** Open or overdue: the hours left until dueAt (negative when overdue). Else null. */
  hoursLeft: z.number().nullable(),
  /** The member, while the account exists (a deletion has none; a guest's withdrawal neither). */
  member: z.object({ id: z.string(), email: z.string() }).nullable(),
  /** A guest (no account) withdrew their consent. */
  guest: z.boolean(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

export const DATA_REQUEST_SORTABLE = ["requestedAt"] as const;

/** GET /api/admin/security/data-requests: newest first; `q` matches the member's e-mail. */
export const dataRequestsQuerySchema = adminTableQuery({
  sortable: DATA_REQUEST_SORTABLE,
  defaultSort: "requestedAt.desc",
  filters: {
    kind: z.enum(DATA_REQUEST_KINDS).optional(),
    state: z.enum(DATA_REQUEST_STATES).optional(),
  },
});
export type DataRequestsQuery = z.output<typeof dataRequestsQuerySchema>;

export const dataRequestsSummarySchema = z.object({
  open: z.number().int().nonnegative(),
  overdue: z.number().int().nonnegative(),
  /** Fulfilled in the last 30 days, and of those how many after the limit. */
  doneLast30Days: z.number().int().nonnegative(),
  lateLast30Days: z.number().int().nonnegative(),
});
export type DataRequestsSummary = z.infer<typeof dataRequestsSummarySchema>;

export const dataRequestsPageSchema = adminPageSchema(dataRequestSchema).extend({
  summary: dataRequestsSummarySchema,
});
export type DataRequestsPage = z.infer<typeof dataRequestsPageSchema>;

// ---------------------------------------------------------------------------------------------
// Breach notices

/** The longest window a notice may cover, in days. */
export const BREACH_WINDOW_MAX_DAYS = 90;
export const BREACH_MESSAGE_MIN = 20;
export const BREACH_MESSAGE_MAX = 5000;

const instant = z.iso.datetime({ offset: true });

/**
 * The window of a breach: from before to, not in the future, at most 90 days long. `now` is read
 * when the body is parsed (the server's clock).
 */
export const breachWindowSchema = z
  .object({ windowFrom: instant, windowTo: instant })
  .strict()
  .superRefine((w, ctx) => {
    const from = Date.parse(w.windowFrom);
    const to = Date.parse(w.windowTo);
    if (!(from < to))
      ctx.addIssue({ code: "custom", path: ["windowTo"], message: "Must be after windowFrom" });
    // A minute's grace for the clocks of the browser and the server.
    if (to > Date.now() + 60_000)
      ctx.addIssue({ code: "custom", path: ["windowTo"], message: "Must not be in the future" });
    if (to - from > BREACH_WINDOW_MAX_DAYS * 86_400_000)
      ctx.addIssue({
        code: "custom",
        path: ["windowFrom"],
        message: `The window is at most ${BREACH_WINDOW_MAX_DAYS} days`,
      });
  });
export type BreachWindow = z.infer<typeof breachWindowSchema>;

const message = z.string().trim().min(BREACH_MESSAGE_MIN).max(BREACH_MESSAGE_MAX);

export const sendBreachNoticeSchema = z
  .object({
    windowFrom: instant,
    windowTo: instant,
    /** What happened, in the admin's words: Indonesian and English. */
    messageId: message,
    messageEn: message,
    /** The number of members the admin saw in the confirmation (the preview's count). */
    confirm: z.number().int().nonnegative(),
  })
  .strict()
  .superRefine((b, ctx) => {
    const w = breachWindowSchema.safeParse({ windowFrom: b.windowFrom, windowTo: b.windowTo });
    if (!w.success)
      for (const issue of w.error.issues)
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });
export type SendBreachNotice = z.infer<typeof sendBreachNoticeSchema>;

export const breachPreviewSchema = z.object({
  /** Members affected: see docs/product/privacy.md. */
  recipients: z.number().int().nonnegative(),
});

export const breachNoticeSchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  windowFrom: z.string(),
  windowTo: z.string(),
  messageId: z.string(),
  messageEn: z.string(),
  recipientCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type BreachNotice = z.infer<typeof breachNoticeSchema>;

export const breachNoticesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const breachNoticesPageSchema = z.object({
  items: z.array(breachNoticeSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /**
   * Notice mails not sent yet (queued, or waiting to try again), all notices together; null
   * when the queue does not answer.
   */
  mailsQueued: z.number().int().nonnegative().nullable(),
});

export const adminDataRequestsContract = defineRoutes({
  list: {
    method: "GET",
    path: "/api/admin/security/data-requests",
    summary:
      "Data exports, account deletions and consent withdrawals with their timing against the 72-hour limit, and a summary",
    access: "admin",
    query: dataRequestsQuerySchema,
    responses: { 200: dataRequestsPageSchema },
  },
  breachPreview: {
    method: "POST",
    path: "/api/admin/security/breach-notices/preview",
    summary: "How many members a breach notice for this window would go to",
    access: "admin",
    body: breachWindowSchema,
    responses: { 200: breachPreviewSchema },
  },
  sendBreachNotice: {
    method: "POST",
    path: "/api/admin/security/breach-notices",
    summary:
      "Records and audits a breach notice and mails it to every member affected in their language (409 breach_count_changed when `confirm` is not the count now, breach_notice_duplicate when the same window was sent in the last hour)",
    access: "admin",
    body: sendBreachNoticeSchema,
    responses: { 200: breachNoticeSchema },
    errors: [409],
  },
  breachNotices: {
    method: "GET",
    path: "/api/admin/security/breach-notices",
    summary: "Breach notices sent, newest first",
    access: "admin",
    query: breachNoticesQuerySchema,
    responses: { 200: breachNoticesPageSchema },
  },
});
