import type {
  HealthCheckResult,
  HealthCheckStep,
  HealthDetail,
  HealthResponse,
  ReadinessResponse,
} from "@rupa/shared";

/** One probe's answer. */
export interface ComponentCheck {
  status: "ok" | "error";
  latencyMs: number;
  detail?: string;
}

/**
 * The health service (health.service.ts) as the rest of the server sees it: declared apart so
 * the context can name it without importing the service (which reads the context).
 */
export interface HealthService {
  /** Everyone's answer: the database answers (a copy at most 2 s old). */
  liveness(): Promise<HealthResponse>;
  /**
   * /api/health/ready: database, storage and queue answer (probed at most every 5 s) and the
   * process is not shutting down (known at once).
   */
  readiness(): Promise<ReadinessResponse>;
  /** The admin report of /api/health (a copy at most 10 s old). */
  detail(): Promise<HealthDetail>;
  /** The System page's four badges, from the same memoized probes. */
  components(): Promise<Record<"database" | "storage" | "queue" | "auth", ComponentCheck>>;
  /** One step of the comprehensive health check, run for real. */
  runStep(step: HealthCheckStep, headers: Headers): Promise<HealthCheckResult>;
  /** Forget the memoized answers (Clear Cache). */
  clear(): void;
}
