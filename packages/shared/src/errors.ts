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

/** How the server refuses a photo it is sent (an upload, a style preview, a pas foto check). */
export const PHOTO_REFUSAL_CODES = [
  "photo_missing",
  "photo_too_large",
  "photo_unsupported_type",
  "photo_too_small",
  "photo_too_many_pixels",
  "photo_corrupt",
  "upload_busy",
] as const;

/**
 * Every code the admin API can answer with: the common ones, and those of its own refusals
 * (an admin module's test keeps this list whole). The admin panel translates each one (its own
 * catalogue's `errors.codes`, then the app's); a code it does not know reads as a generic text.
 */
export const ADMIN_ERROR_CODES = [
  ...errorCodes,
  "last_admin",
  "keyword_exists",
  "optimize_in_progress",
  "endpoint_refused",
  "banned_content",
  ...PHOTO_REFUSAL_CODES,
  "payment_not_paid",
  "payment_already_refunded",
  "refund_needs_manual",
  "refund_gateway_error",
  "breach_count_changed",
  "breach_notice_duplicate",
] as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[number];

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
