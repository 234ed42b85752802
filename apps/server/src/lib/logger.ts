import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import { createLogRing, type LogRing } from "./log-ring";

export type { Logger };

/** Paths that must never reach a log line, whatever a caller passes. */
const REDACT = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "secret",
  "apiKey",
  "authorization",
  "cookie",
  "email",
  "phone",
  "fullName",
  "*.password",
  "*.newPassword",
  "*.token",
  "*.secret",
  "*.apiKey",
  "*.authorization",
  "*.cookie",
  "*.email",
  "*.phone",
  "*.fullName",
  "user.name",
  "*.user.name",
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "req.headers.authorization",
  "req.headers.cookie",
];

/**
 * Fields of an error that carry the values of a query rather than its shape: drizzle's
 * `DrizzleQueryError.params`, PGlite's `params`/`queryOptions`, and PostgreSQL's `detail`
 * (`Key (email)=(budi@example.com) already exists.`). They are left out of every logged error.
 */
const ERROR_VALUE_FIELDS = new Set(["params", "parameters", "values", "queryOptions", "detail"]);

const serialized = new WeakSet<object>();

type ErrorLike = Record<string, unknown> & { message: string };

function isErrorLike(v: unknown): v is ErrorLike {
  return typeof v === "object" && v !== null && typeof (v as ErrorLike).message === "string";
}

/**
 * Error text without values: drizzle appends `\nparams: <values>` to its message (and so to its
 * stack); a PostgreSQL data exception (class 22) quotes the offending value.
 */
function scrubErrorText(text: string, err: ErrorLike): string {
  let out = text.replace(/\nparams: [\s\S]*$/, "\nparams: [redacted]");
  if (typeof err.code === "string" && err.code.startsWith("22")) {
    out = out.replace(/"(?:[^"\\]|\\.)*"/g, '"[redacted]"');
  }
  return out;
}

/**
 * pino's error serializer, minus the values a failed query carried: type, message, stack and
 * the error's own fields, with its `cause` chain (and an AggregateError's `errors`) serialized
 * the same way.
 */
export function serializeError(err: unknown, seen = new Set<object>()): unknown {
  if (!isErrorLike(err) || serialized.has(err)) return err;
  if (seen.has(err)) return { type: "Circular", message: "[circular]" };
  seen.add(err);
  const message = scrubErrorText(err.message, err);
  const ctor = (err as { constructor?: { name?: unknown } }).constructor;
  const type =
    ctor && typeof ctor.name === "string" && ctor.name !== "Object"
      ? ctor.name
      : typeof err.name === "string"
        ? err.name
        : "Error";
  const out: Record<string, unknown> = { type, message };
  if (typeof err.stack === "string") {
    out.stack = err.stack.includes(err.message)
      ? err.stack.replace(err.message, message)
      : scrubErrorText(err.stack, err);
  }
  for (const key in err) {
    if (key in out || ERROR_VALUE_FIELDS.has(key) || key === "cause" || key === "errors") continue;
    out[key] = sanitize(err[key], seen, 1);
  }
  if (err.cause !== undefined) out.cause = sanitize(err.cause, seen, 1);
  if (Array.isArray(err.errors)) out.errors = err.errors.map((e) => sanitize(e, seen, 1));
  serialized.add(out);
  return out;
}

/** Errors anywhere in a logged object (not only under `err`) are serialized without values. */
function sanitize(value: unknown, seen: Set<object>, depth: number): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (value instanceof Error) return serializeError(value, seen);
  if (depth > 4 || seen.has(value)) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const copy = value.map((v) => {
      const s = sanitize(v, seen, depth + 1);
      if (s !== v) changed = true;
      return s;
    });
    return changed ? copy : value;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    return isErrorLike(value) && !serialized.has(value) ? serializeError(value, seen) : value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    const s = sanitize(v, seen, depth + 1);
    if (s !== v) (copy ??= { ...(value as Record<string, unknown>) })[k] = s;
  }
  return copy ?? value;
}

/** `budi.santoso@example.com` (or `budi%40example.com` in a link) → `b***@example.com`. */
const EMAIL =
  /(?<![A-Za-z0-9._%+-])([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*(?:@|%40)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
/** Secrets in links: `?token=…`, `&code=…`, signed-URL signatures. */
const SECRET_PARAM =
  /([?&;#](?:token|code|secret|key|api_?key|password|signature|sig|state|access_token|refresh_token|id_token|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&\s"\\#]+/gi;
/** Secrets in paths: better-auth's `/reset-password/<token>` and the like. */
const SECRET_SEGMENT =
  /(\/(?:reset-password|verify-email|magic-link|reset|verify|confirm)\/)[^/?\s"\\#]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g;
const AUTH_SCHEME = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
/** Provider keys by their prefixes (Replicate, OpenAI, Hugging Face, webhook secrets, Midtrans). */
const KEY_PREFIX = /\b(?:r8_|sk-|hf_|whsec_|SB-Mid-server-|Mid-server-)[A-Za-z0-9_+/=-]{8,}/g;
/** A long opaque string of letters and digits (tokens, signatures); ids and UUIDs are shorter. */
const OPAQUE =
  /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{40,}(?![A-Za-z0-9_-])/g;
/** drizzle's `\nparams: <values>` inside a JSON string (e.g. an error message used as `msg`). */
const PARAMS_IN_JSON = /\\nparams: (?:[^"\\]|\\.)*/g;

/**
 * Masks personal data and secrets in one finished log line (JSON): e-mail addresses, tokens in
 * links and paths, bearer values, JWTs, provider keys, long opaque strings and query values.
 * Every string of the line passes through it, the message included.
 */
export function maskLine(line: string): string {
  let s = line;
  // Cheap checks first: most lines (the access log) hold none of these.
  if (s.includes("params: ")) s = s.replace(PARAMS_IN_JSON, "\\nparams: [redacted]");
  if (s.includes("=")) s = s.replace(SECRET_PARAM, "$1[redacted]");
  s = s.replace(SECRET_SEGMENT, "$1[redacted]");
  if (s.includes("eyJ")) s = s.replace(JWT, "[redacted]");
  s = s.replace(AUTH_SCHEME, "$1 [redacted]").replace(KEY_PREFIX, "[redacted]");
  s = s.replace(OPAQUE, "[redacted]");
  if (s.includes("@") || s.includes("%40")) s = s.replace(EMAIL, "$1***@$2");
  return s;
}

const rings = new WeakMap<Logger, LogRing>();

/**
 * The lines a logger made by createLogger wrote last (masked), for the admin System page: its
 * children write into the same ring. An empty ring for any other logger.
 */
export function logRingOf(log: Logger): LogRing {
  let ring = rings.get(log);
  if (!ring) rings.set(log, (ring = createLogRing()));
  return ring;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const ring = createLogRing();
  const log = pino(
    {
      level,
      base: { service: "rupa" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: "[redacted]" },
      serializers: { err: (e: unknown) => serializeError(e) },
      formatters: {
        level: (label) => ({ level: label }),
        log: (obj) => sanitize(obj, new Set(), 0) as Record<string, unknown>,
      },
      hooks: {
        streamWrite: (line) => {
          const masked = maskLine(line);
          ring.push(masked);
          return masked;
        },
      },
    },
    destination,
  );
  rings.set(log, ring);
  return log;
}

const requestScope = new AsyncLocalStorage<Logger>();

/** Run `fn` with a request-scoped logger so every line inside carries the request id. */
export function withRequestLogger<T>(logger: Logger, fn: () => T): T {
  return requestScope.run(logger, fn);
}

/** The logger of the current request, or the given fallback outside a request. */
export function currentLogger(fallback: Logger): Logger {
  return requestScope.getStore() ?? fallback;
}
