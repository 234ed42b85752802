import type { Context } from "hono";
import type { z } from "zod";
import type { HttpBindings } from "@hono/node-server";
import type { Logger } from "./logger";
import { AppError, errors } from "./errors";

/** What every request carries through the Hono app: its id, logger and client address. */
export type AppEnv = {
  Bindings: HttpBindings;
  Variables: {
    requestId: string;
    log: Logger;
    clientIp: string;
    /** The origin links built for this request use (ADR 035; middleware/canonical-origin.ts). */
    linkOrigin: string;
    /** The error code the request was answered with, set by the error handler (for the log). */
    errorCode?: string;
  };
};

/** Turn zod issues into the API's issue list. */
export function toIssues(error: z.ZodError) {
  return error.issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p !== "symbol"),
    message: i.message,
    code: i.code,
  }));
}

/** Read and validate a JSON body: 415 for another type, 400 for bad JSON or invalid fields. */
export async function readJson<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
): Promise<z.infer<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new AppError("unsupported_media_type", 415, "Send the body as application/json");
  }
  let data: unknown;
  try {
    data = JSON.parse(await c.req.text());
  } catch {
    throw errors.invalidJson();
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw errors.validation(toIssues(parsed.error));
  return parsed.data;
}

/** Validate query parameters with a schema. */
export function readQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw errors.validation(toIssues(parsed.error));
  return parsed.data;
}

/**
 * The client's address: the socket's peer, or with TRUST_PROXY the address the (one) trusted
 * proxy appended last to X-Forwarded-For. A client cannot spoof it without a proxy in front.
 */
export function clientIpOf(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    const last = forwarded
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? "unknown";
}
