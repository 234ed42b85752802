import { z } from "zod";
import { adminPageSchema, adminTableQuery } from "./admin-tables";
import { defineRoutes } from "./contract";

/**
 * The admin System and Security sections (issue 14, docs/product/admin.md): real
 * health, statistics, recent log lines, a step-by-step health check, cache and database
 * maintenance; security events and the security settings the server enforces (ADR 018).
 */

// ---------------------------------------------------------------------------------------------
// System

export const componentStateSchema = z.enum(["ok", "error"]);

/** The four badges: database, storage, queue (shown as "Functions (queue)") and auth. */
export const systemComponentSchema = z.object({
  status: componentStateSchema,
  latencyMs: z.number().nonnegative(),
  detail: z.string().optional(),
});

export const systemStatusSchema = z.object({
  /** healthy: every component answers; warning: some do not; error: the database does not. */
  status: z.enum(["healthy", "warning", "error"]),
  version: z.string(),
  components: z.object({
    database: systemComponentSchema,
    storage: systemComponentSchema,
    queue: systemComponentSchema,
    auth: systemComponentSchema,
  }),
  stats: z.object({
    database: z.object({
      driver: z.enum(["pglite", "postgres"]),
      sizeBytes: z.number().int().nonnegative(),
    }),
    /** Rows of the main tables (exact counts). */
    tables: z.array(z.object({ name: z.string(), rows: z.number().int().nonnegative() })),
    /** Background jobs by state (pg-boss's states). */
    queue: z.record(z.string(), z.number().int().nonnegative()),
    storage: z.object({
      objects: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
    }),
    uptimeSeconds: z.number().nonnegative(),
    memory: z.object({
      rssBytes: z.number().int().nonnegative(),
      heapUsedBytes: z.number().int().nonnegative(),
      heapTotalBytes: z.number().int().nonnegative(),
    }),
  }),
  generatedAt: z.string(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** One line of this server's recent log (already masked: no secrets, no e-mail addresses). */
export const logLineSchema = z.object({
  time: z.string().nullable(),
  level: z.string(),
  message: z.string(),
  /** The whole line as written (JSON). */
  raw: z.string(),
});
export type LogLine = z.infer<typeof logLineSchema>;
export const RECENT_LOG_LINES = 200;
export const systemLogsSchema = z.object({
  /** Oldest first, at most RECENT_LOG_LINES. */
  lines: z.array(logLineSchema),
  /** Lines the buffer holds in all (the export gives them all). */
  kept: z.number().int().nonnegative(),
});
export type SystemLogs = z.infer<typeof systemLogsSchema>;

/**
 * The comprehensive health check's steps (docs/product/admin.md), run one at a time in this order.
 */
export const HEALTH_CHECK_STEPS = [
  "functions",
  "database",
  "auth",
  "registration",
  "styles",
  "storage",
] as const;
export type HealthCheckStep = (typeof HEALTH_CHECK_STEPS)[number];
export const healthCheckStepSchema = z.enum(HEALTH_CHECK_STEPS);

/**
 * What a health-check step found, as a code the admin page translates with the result's
 * `params`: a step's success (`database_answers` with `driver` and `users`), a known failure
 * (`registration_function_missing`), or `failed`, an unexpected error whose own message is the
 * result's `detail`. A code the page does not know yet is shown as a generic pass or failure.
 */
export const HEALTH_CHECK_CODES = [
  /** functions: `queueRole`, `provider`. */
  "functions_answer",
  /** database: `driver`, `users`. */
  "database_answers",
  "sessions_read",
  "account_round_trip",
  /** styles: `count`. */
  "styles_load",
  /** storage: `driver`. */
  "storage_round_trip",
  "session_role_unreadable",
  "account_not_stored",
  "account_no_referral_code",
  "account_not_removed",
  "registration_function_missing",
  "no_active_styles",
  "failed",
] as const;
export type HealthCheckCode = (typeof HEALTH_CHECK_CODES)[number];

export const healthCheckResultSchema = z.object({
  step: healthCheckStepSchema,
  status: z.enum(["success", "error"]),
  /** One of HEALTH_CHECK_CODES (the page's words come from it and `params`). */
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** What was found, in English, for API clients and logs (the page shows it only for `failed`). */
  detail: z.string(),
  ms: z.number().nonnegative(),
});
export type HealthCheckResult = z.infer<typeof healthCheckResultSchema>;

export const CACHE_NAMES = ["catalogue", "rendered_pages", "health", "settings"] as const;
export const clearCacheResultSchema = z.object({
  cleared: z.array(z.enum(CACHE_NAMES)),
});
export type ClearCacheResult = z.infer<typeof clearCacheResultSchema>;

export const optimizeResultSchema = z.object({
  ms: z.number().nonnegative(),
  sizeBeforeBytes: z.number().int().nonnegative(),
  sizeAfterBytes: z.number().int().nonnegative(),
});
export type OptimizeResult = z.infer<typeof optimizeResultSchema>;

// ---------------------------------------------------------------------------------------------
// Security

/** Every kind of security event (the `security_events.type` check constraint). */
export const SECURITY_EVENT_TYPES = [
  "sign_in",
  "sign_in_failed",
  "sign_up",
  "sign_out",
  "password_reset_requested",
  "password_reset",
  "rate_limited",
  "role_changed",
  "credits_changed",
  "account_deleted",
  "suspicious_activity",
  "api_abuse",
  /** An admin changed a security setting, cleared caches or optimized the database. */
  "admin_action",
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];
export const SECURITY_SEVERITIES = ["info", "warning", "critical"] as const;

export const securityEventSchema = z.object({
  id: z.string(),
  type: z.enum(SECURITY_EVENT_TYPES),
  severity: z.enum(SECURITY_SEVERITIES),
  /** Whom it is about, and who did it (an admin, for role and credit changes). */
  user: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
  actor: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const SECURITY_EVENT_SORTABLE = ["createdAt"] as const;

/** GET /api/admin/security/events: newest first; `q` matches e-mails, the address or the type. */
export const securityEventsQuerySchema = adminTableQuery({
  sortable: SECURITY_EVENT_SORTABLE,
  defaultSort: "createdAt.desc",
  filters: {
    type: z.enum(SECURITY_EVENT_TYPES).optional(),
    severity: z.enum(SECURITY_SEVERITIES).optional(),
  },
});
export type SecurityEventsQuery = z.output<typeof securityEventsQuerySchema>;
export const securityEventsPageSchema = adminPageSchema(securityEventSchema);
export type SecurityEventsPage = z.infer<typeof securityEventsPageSchema>;

/** The settings of the Security page, as app settings (ADR 018 says what each one does). */
export const securitySettingsSchema = z
  .object({
    rateLimitEnabled: z.boolean(),
    apiRequestsPerHour: z.number().int().min(1).max(1_000_000),
    emailVerificationRequired: z.boolean(),
    suspiciousActivityDetection: z.boolean(),
  })
  .strict();
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const securityOverviewSchema = z.object({
  /** The last 24 hours. */
  last24h: z.object({
    events: z.number().int().nonnegative(),
    failedSignIns: z.number().int().nonnegative(),
    rateLimited: z.number().int().nonnegative(),
    suspicious: z.number().int().nonnegative(),
  }),
  settings: securitySettingsSchema,
  /**
   * The operator's `payment_simulator_in_production` setting (not changed from the admin panel):
   * whether this server runs in production, and whether the simulator, which hands out credits
   * for free, is taking payments here right now (issue 33).
   */
  paymentSimulator: z.object({
    allowedInProduction: z.boolean(),
    production: z.boolean(),
    selling: z.boolean(),
  }),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const adminSystemContract = defineRoutes({
  status: {
    method: "GET",
    path: "/api/admin/system",
    summary: "Component health (database, storage, queue, auth) and server statistics",
    access: "admin",
    responses: { 200: systemStatusSchema },
  },
  logs: {
    method: "GET",
    path: "/api/admin/system/logs",
    summary: "This server's recent log lines (masked: no secrets, no e-mail addresses)",
    access: "admin",
    responses: { 200: systemLogsSchema },
  },
  exportLogs: {
    method: "GET",
    path: "/api/admin/system/logs/export",
    summary: "Every recent log line this server keeps, as a text file (JSON lines)",
    access: "admin",
    responses: {
      200: { kind: "file", description: "text/plain, one JSON log line per line" },
    },
  },
  healthCheck: {
    method: "POST",
    path: "/api/admin/system/health-check/:step",
    summary: "Runs one step of the comprehensive health check for real",
    access: "admin",
    params: z.object({ step: healthCheckStepSchema }),
    notFound: "Unknown health check step",
    responses: { 200: healthCheckResultSchema },
  },
  clearCache: {
    method: "POST",
    path: "/api/admin/system/clear-cache",
    summary: "Empties this server's caches (catalogue, rendered pages, health, settings)",
    access: "admin",
    responses: { 200: clearCacheResultSchema },
  },
  optimizeDatabase: {
    method: "POST",
    path: "/api/admin/system/optimize-database",
    summary: "VACUUM ANALYZE of the database",
    access: "admin",
    responses: { 200: optimizeResultSchema },
    errors: [409],
  },
  security: {
    method: "GET",
    path: "/api/admin/security",
    summary: "The last 24 hours' security figures and the security settings",
    access: "admin",
    responses: { 200: securityOverviewSchema },
  },
  saveSecuritySettings: {
    method: "PUT",
    path: "/api/admin/security/settings",
    summary: "Saves the security settings (in effect from the next request)",
    access: "admin",
    body: securitySettingsSchema,
    responses: { 200: securitySettingsSchema },
  },
  events: {
    method: "GET",
    path: "/api/admin/security/events",
    summary: "Security events, newest first, searchable and filterable by type and severity",
    access: "admin",
    query: securityEventsQuerySchema,
    responses: { 200: securityEventsPageSchema },
  },
});
