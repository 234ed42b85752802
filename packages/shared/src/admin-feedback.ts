import { z } from "zod";
import { adminPageSchema, adminTableQuery } from "./admin-tables";
import { FEEDBACK_TYPES } from "./constants";
import { defineRoutes } from "./contract";

/**
 * The admin Feedback inbox (/api/admin/feedback, docs/product/admin.md): what users
 * sent through the feedback form, newest first, filtered by type and by whether someone has
 * handled it. Marking handled (or open again) writes an audit row in its transaction.
 */

export const FEEDBACK_INBOX_STATUSES = ["open", "handled"] as const;
export type FeedbackInboxStatus = (typeof FEEDBACK_INBOX_STATUSES)[number];

export const adminFeedbackSchema = z.object({
  id: z.uuid(),
  type: z.enum(FEEDBACK_TYPES),
  subject: z.string(),
  message: z.string(),
  /** The reply address the sender gave, else the signed-in sender's account e-mail. */
  email: z.string().nullable(),
  /** The sender's account, when they were signed in (null for visitors and deleted accounts). */
  user: z.object({ id: z.string(), email: z.string() }).nullable(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;

export const ADMIN_FEEDBACK_SORTABLE = ["createdAt"] as const;

/** GET /api/admin/feedback: newest first; `q` matches the subject, the message or an e-mail. */
export const adminFeedbackQuerySchema = adminTableQuery({
  sortable: ADMIN_FEEDBACK_SORTABLE,
  defaultSort: "createdAt.desc",
  filters: {
    type: z.enum(FEEDBACK_TYPES).optional(),
    status: z.enum(FEEDBACK_INBOX_STATUSES).optional(),
  },
});
export type AdminFeedbackQuery = z.output<typeof adminFeedbackQuerySchema>;
export const adminFeedbackPageSchema = adminPageSchema(adminFeedbackSchema);
export type AdminFeedbackPage = z.infer<typeof adminFeedbackPageSchema>;

export const adminFeedbackContract = defineRoutes({
  list: {
    method: "GET",
    path: "/api/admin/feedback",
    summary: "Feedback users sent, newest first, filtered by type and handled or not",
    access: "admin",
    query: adminFeedbackQuerySchema,
    responses: { 200: adminFeedbackPageSchema },
  },
  setHandled: {
    method: "PUT",
    path: "/api/admin/feedback/:id/handled",
    summary: "Mark a feedback handled, or open again",
    access: "admin",
    params: z.object({ id: z.uuid() }),
    notFound: "Feedback not found",
    body: z.object({ handled: z.boolean() }).strict(),
    responses: { 200: z.object({ feedback: adminFeedbackSchema }) },
  },
});
