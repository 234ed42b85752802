import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import type { AppEnv } from "../lib/http";
import { AppError, errors } from "../lib/errors";
import { toIssues } from "../lib/http";

/** One error shape for every failure; never a stack trace to the client. */
export function handleError(err: Error, c: Context<AppEnv>) {
  let appError: AppError;
  if (err instanceof AppError) appError = err;
  else if (err instanceof ZodError) appError = errors.validation(toIssues(err));
  else if (err instanceof HTTPException) {
    appError =
      err.status === 413
        ? errors.tooLarge()
        : new AppError(
            err.status >= 500 ? "internal_error" : "bad_request",
            err.status,
            err.status >= 500 ? "Something went wrong" : err.message || "Bad request",
          );
  } else {
    c.get("log")?.error({ err }, "unhandled error");
    appError = new AppError("internal_error", 500, "Something went wrong");
  }
  c.set("errorCode", appError.code);
  for (const [name, value] of Object.entries(appError.headers)) c.header(name, value);
  return c.json(appError.toBody(), appError.status);
}

export function apiNotFound(c: Context<AppEnv>) {
  return c.json(errors.notFound(`No API route for ${c.req.method} ${c.req.path}`).toBody(), 404);
}
