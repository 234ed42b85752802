import type { FeedbackRepository } from "./feedback.repository";

/**
 * Feedback from the form (docs/product/feedback.md), stored for the admins' inbox
 * (modules/admin/feedback).
 */
export function createFeedbackService(d: { repo: Pick<FeedbackRepository, "insert"> }) {
  return {
    insert: (row: Parameters<FeedbackRepository["insert"]>[0]) => d.repo.insert(row),
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
