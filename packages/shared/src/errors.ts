import { z } from "zod";

/** Every error code the API can answer with. The web maps each code to a translated message. */
export const errorCodes = [
  "bad_request",
  "validation_failed",
  "invalid_json",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "internal_error",
  "service_unavailable",
] as const;
export type ErrorCode = (typeof errorCodes)[number] | (string & {});

export const errorIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorIssue = z.infer<typeof errorIssueSchema>;

/** The one JSON shape of every failed API response. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(errorIssueSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The answer of an action that has nothing else to say. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
