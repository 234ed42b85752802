import { useMutation } from "@tanstack/react-query";
import type { FeedbackType } from "@rupa/shared/constants";
import * as routes from "@rupa/shared/route-table";
import { call, isApiError } from "@/lib/api-client";

export { FEEDBACK_TYPES, type FeedbackType } from "@rupa/shared/constants";

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;

export type FeedbackForm = {
  type: FeedbackType | "";
  email: string;
  subject: string;
  message: string;
};
export type FeedbackField = keyof FeedbackForm;
export type FieldIssue = "required" | "too_long" | "email_invalid" | "feedback_type_required";
export type FieldIssues = Partial<Record<FeedbackField, FieldIssue>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The form's own check before sending (docs/product/feedback.md: type, title and message required;
 * e-mail optional but well-formed). The server checks again and its issues are shown the same way.
 */
export function validateFeedback(form: FeedbackForm): FieldIssues {
  const issues: FieldIssues = {};
  if (form.type === "") issues.type = "feedback_type_required";
  const subject = form.subject.trim();
  if (subject === "") issues.subject = "required";
  else if (subject.length > SUBJECT_MAX) issues.subject = "too_long";
  const message = form.message.trim();
  if (message === "") issues.message = "required";
  else if (message.length > MESSAGE_MAX) issues.message = "too_long";
  const email = form.email.trim();
  if (email !== "" && (!EMAIL.test(email) || email.length > 254)) issues.email = "email_invalid";
  return issues;
}

/**
 * Whether only missing fields are wrong (then the "please fill in" message of
 * docs/product/feedback.md is shown).
 */
export function onlyMissing(issues: FieldIssues): boolean {
  const values = Object.values(issues);
  return (
    values.length > 0 &&
    values.every((issue) => issue === "required" || issue === "feedback_type_required")
  );
}

const KNOWN_ISSUES: readonly string[] = [
  "required",
  "too_long",
  "email_invalid",
  "feedback_type_required",
];
const FIELDS: readonly string[] = ["type", "email", "subject", "message"];

/** The server's validation_failed issues, per field. */
export function issuesFromError(error: unknown): FieldIssues {
  if (!isApiError(error) || !error.issues) return {};
  const issues: FieldIssues = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (FIELDS.includes(field) && KNOWN_ISSUES.includes(issue.message)) {
      issues[field as FeedbackField] = issue.message as FieldIssue;
    }
  }
  return issues;
}

export function useSendFeedback() {
  return useMutation({
    mutationFn: (form: FeedbackForm) =>
      call(routes.feedbackSend, {
        body: {
          // validateFeedback runs first; an empty type is refused by the server all the same.
          type: form.type as FeedbackType,
          subject: form.subject.trim(),
          message: form.message.trim(),
          ...(form.email.trim() ? { email: form.email.trim() } : {}),
        },
      }),
  });
}
