import { z } from "zod";
import { FEEDBACK_TYPES } from "./constants";
import { defineRoutes } from "./contract";
import { safeText } from "./text";

export const feedbackRequestSchema = z.object({
  type: z.enum(FEEDBACK_TYPES, { error: "feedback_type_required" }),
  email: z
    .union([z.literal(""), safeText().pipe(z.email("email_invalid").max(254, "email_invalid"))])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  subject: safeText({ error: "required" }).trim().min(1, "required").max(200, "too_long"),
  message: safeText({ error: "required" }).trim().min(1, "required").max(5000, "too_long"),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;
export const feedbackResponseSchema = z.object({ id: z.uuid() });

export const feedbackContract = defineRoutes({
  send: {
    method: "POST",
    path: "/api/feedback",
    summary: "Send feedback to the team (with the user when signed in)",
    access: "public",
    body: feedbackRequestSchema,
    responses: { 201: feedbackResponseSchema },
    errors: [429],
  },
});
