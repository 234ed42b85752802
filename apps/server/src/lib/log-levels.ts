/**
 * How loud each outcome is in the log, decided here and nowhere else. `error` is what
 * docs/production.md says to alert on: something an operator must act on (a crash, a database
 * or gateway failure). A refusal the server gives by design is logged at `warn` or `info`: too
 * busy for another photo this second, payments or Google sign-in not configured, a visitor's
 * stray or tampered OAuth callback.
 */
export type LogLevel = "error" | "warn" | "info" | "debug";

/** Refusals the server gives by design, by error code, whatever their HTTP status. */
const EXPECTED_REFUSALS: Readonly<Record<string, LogLevel>> = {
  // The photo decode queue is full: the client is told to retry in a few seconds. A steady
  // stream of these means the API needs more processes, not that something broke.
  upload_busy: "warn",
  // No payment gateway here (no Midtrans key, and the simulator is not allowed): an operator's
  // choice, which a visitor meets by pressing "buy".
  payments_unavailable: "info",
  // Google sign-in is not configured.
  google_unavailable: "info",
};

/** What an access-log line says, by its level. */
export const ACCESS_LOG_MESSAGE = {
  error: "request failed",
  warn: "request refused",
  info: "request",
  debug: "request",
} as const satisfies Record<LogLevel, string>;

/**
 * The level of one request's access-log line: an expected refusal at its own level, any other
 * 5xx at error, API requests at info and the web app's files at debug.
 */
export function accessLogLevel(res: { status: number; path: string; code?: string }): LogLevel {
  const expected = res.code === undefined ? undefined : EXPECTED_REFUSALS[res.code];
  if (expected) return expected;
  if (res.status >= 500) return "error";
  return res.path.startsWith("/api/") ? "info" : "debug";
}

/**
 * better-auth's own lines that any visitor can cause by calling /api/auth/callback/<x> by hand:
 * no state, a state that is not ours (forged, expired, from another browser), an unknown
 * provider (Google not configured), no code. better-auth writes some of them as errors; they are
 * warnings here. Everything past the state check needs a sign-in this server started, so its
 * errors (a code Google refuses, a database failure) stay errors.
 */
const VISITOR_AUTH_MESSAGES = new Set([
  "INVALID_CALLBACK_REQUEST",
  "State not found",
  "Failed to parse state",
  "OAuth provider not found",
  "Code not found",
]);

/** The level for one of better-auth's log lines; null for its debug chatter (not logged). */
export function authLogLevel(level: string, message: string): LogLevel | null {
  if (level !== "error" && level !== "warn") return null;
  if (VISITOR_AUTH_MESSAGES.has(message)) return "warn";
  return level;
}
