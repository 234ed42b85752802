import { z } from "zod";
import { defineRoutes } from "./contract";

export const componentStatusSchema = z.enum(["ok", "error"]);
export const healthComponentSchema = z.object({
  status: componentStatusSchema,
  latencyMs: z.number().nonnegative(),
  detail: z.string().optional(),
});
export const healthStatusSchema = z.enum(["healthy", "degraded"]);
/** GET /api/health for everyone: liveness only (answered from a copy at most 2 s old). */
export const healthResponseSchema = z.object({ status: healthStatusSchema });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
/** GET /api/health for a signed-in admin: every component probed, and the event loop. */
export const healthDetailSchema = healthResponseSchema.extend({
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  checks: z.object({
    database: healthComponentSchema.extend({ driver: z.enum(["pglite", "postgres"]) }),
    storage: healthComponentSchema.extend({ driver: z.enum(["local", "s3"]) }),
    queue: healthComponentSchema.extend({ role: z.enum(["all", "api", "worker"]) }),
    provider: healthComponentSchema.extend({ name: z.string(), model: z.string() }),
  }),
  /** Event-loop delay of this process since the start of the current minute's window. */
  eventLoop: z.object({
    p50Ms: z.number().nonnegative(),
    p99Ms: z.number().nonnegative(),
    maxMs: z.number().nonnegative(),
    windowSeconds: z.number().nonnegative(),
  }),
});
export type HealthDetail = z.infer<typeof healthDetailSchema>;

/** GET /api/health/live: the process runs and answers (no dependency is touched). */
export const livenessResponseSchema = z.object({ status: z.literal("alive") });
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;

/**
 * GET /api/health/ready: whether a load balancer should send this process requests. Ready when
 * the database, storage and queue answer and the process is not shutting down. Each component
 * says only ok or error (no messages: nothing about the infrastructure leaks); `checks` is
 * absent while shutting down (nothing is probed then).
 */
export const readinessResponseSchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  shuttingDown: z.boolean(),
  checks: z
    .object({
      database: componentStatusSchema,
      storage: componentStatusSchema,
      queue: componentStatusSchema,
    })
    .optional(),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

export const healthContract = defineRoutes({
  health: {
    method: "GET",
    path: "/api/health",
    summary: "Liveness for everyone; every component's details for admins",
    access: "public",
    responses: {
      200: z.union([healthDetailSchema, healthResponseSchema]),
      503: z.union([healthDetailSchema, healthResponseSchema]),
    },
  },
  live: {
    method: "GET",
    path: "/api/health/live",
    summary: "Liveness for a load balancer or orchestrator: the process answers",
    access: "public",
    responses: { 200: livenessResponseSchema },
  },
  ready: {
    method: "GET",
    path: "/api/health/ready",
    summary:
      "Readiness for a load balancer: database, storage and queue answer and the process is not shutting down",
    access: "public",
    responses: { 200: readinessResponseSchema, 503: readinessResponseSchema },
  },
});
