import { z } from "zod";

export const componentStatusSchema = z.enum(["ok", "error"]);
export const healthComponentSchema = z.object({
  status: componentStatusSchema,
  latencyMs: z.number().nonnegative(),
  detail: z.string().optional(),
});
export const healthResponseSchema = z.object({
  status: z.enum(["healthy", "degraded"]),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  checks: z.object({
    database: healthComponentSchema.extend({ driver: z.enum(["pglite", "postgres"]) }),
    storage: healthComponentSchema.extend({ driver: z.enum(["local", "s3"]) }),
    queue: healthComponentSchema.extend({ role: z.enum(["all", "api", "worker"]) }),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
