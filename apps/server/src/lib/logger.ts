import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

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
  "*.password",
  "*.newPassword",
  "*.token",
  "*.secret",
  "*.apiKey",
  "*.authorization",
  "*.cookie",
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "req.headers.authorization",
  "req.headers.cookie",
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "rupa" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
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
