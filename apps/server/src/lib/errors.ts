import type { ErrorCode, ErrorIssue } from "@rupa/shared";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The one error type: a code the web translates, an HTTP status and an English message. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status: ContentfulStatusCode,
    message: string,
    public readonly issues?: ErrorIssue[],
    /** Extra response headers, such as Retry-After. */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.issues ? { issues: this.issues } : {}),
      },
    };
  }
}

export const errors = {
  badRequest: (message = "Bad request", issues?: ErrorIssue[]) =>
    new AppError("bad_request", 400, message, issues),
  validation: (issues: ErrorIssue[], message = "Some fields are not valid") =>
    new AppError("validation_failed", 400, message, issues),
  invalidJson: () => new AppError("invalid_json", 400, "The request body is not valid JSON"),
  unauthorized: (message = "Please sign in first") => new AppError("unauthorized", 401, message),
  forbidden: (message = "You are not allowed to do this") =>
    new AppError("forbidden", 403, message),
  notFound: (message = "Not found") => new AppError("not_found", 404, message),
  conflict: (code: ErrorCode, message: string) => new AppError(code, 409, message),
  tooLarge: (message = "The request is too large") =>
    new AppError("payload_too_large", 413, message),
  rateLimited: (
    retryAfterSeconds: number,
    message = "Too many requests. Please try again later.",
  ) =>
    new AppError("rate_limited", 429, message, undefined, {
      "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
    }),
  unavailable: (message = "The service is temporarily unavailable") =>
    new AppError("service_unavailable", 503, message),
};
