import type {
  AdminFeedback,
  AdminFeedbackPage,
  AdminFeedbackQuery,
  FeedbackType,
} from "@rupa/shared";
import { errors } from "../../../lib/errors";
import type { Transactor } from "../../../infra/db/client";
import type { AuditActor, AuditRepository } from "../../audit/audit.repository";
import type { FeedbackRepository, FeedbackView } from "../../feedback/feedback.repository";

export function toAdminFeedback(v: FeedbackView): AdminFeedback {
  const handled = v.row.status === "resolved";
  return {
    id: v.row.id,
    type: v.row.type as FeedbackType,
    subject: v.row.subject,
    message: v.row.message,
    email: v.row.email ?? v.userEmail,
    user: v.row.userId && v.userEmail ? { id: v.row.userId, email: v.userEmail } : null,
    handled,
    handledAt: handled ? (v.row.handledAt?.toISOString() ?? null) : null,
    handledBy: handled ? v.handledByEmail : null,
    createdAt: v.row.createdAt.toISOString(),
  };
}

/** The admin Feedback section (docs/product/feedback.md): the inbox, read and handled by admins. */
export function createAdminFeedbackService(d: {
  db: Transactor;
  repo: Pick<FeedbackRepository, "list" | "find" | "setHandled">;
  audit: Pick<AuditRepository, "write">;
}) {
  return {
    async list(q: AdminFeedbackQuery): Promise<AdminFeedbackPage> {
      const { items, total } = await d.repo.list(q);
      return { items: items.map(toAdminFeedback), total, page: q.page, pageSize: q.pageSize };
    },

    /** Marks handled or open again; unchanged state writes nothing. */
    async setHandled(actor: AuditActor, id: string, handled: boolean): Promise<AdminFeedback> {
      const current = await d.repo.find(id);
      if (!current) throw errors.notFound("Feedback not found");
      if (toAdminFeedback(current).handled === handled) return toAdminFeedback(current);
      await d.db.transaction(async (tx) => {
        if (!(await d.repo.setHandled(tx, id, handled, actor.userId)))
          throw errors.notFound("Feedback not found");
        await d.audit.write(tx, {
          actor,
          action: handled ? "feedback.handled" : "feedback.reopened",
          entityType: "feedback",
          entityId: id,
          before: { status: current.row.status },
          after: { status: handled ? "resolved" : "read" },
        });
      });
      const next = await d.repo.find(id);
      if (!next) throw errors.notFound("Feedback not found");
      return toAdminFeedback(next);
    },
  };
}
export type AdminFeedbackService = ReturnType<typeof createAdminFeedbackService>;
