import { z } from "zod";
import { AVATAR_ASPECT_RATIOS, GENDERS, GENERATION_STATUSES, LIMITS } from "./constants";
import { pictureFields } from "./files";
import { likenessSchema } from "./likeness";
import { defineRoutes, eventStream } from "./contract";
import { safeText } from "./text";

/** Free-text variables (action-figure title, accessories…): short keys, at most 200 characters. */
export const generationVariablesSchema = z
  .record(safeText().regex(/^[a-z_]{1,32}$/), safeText().trim().max(200, "too_long"))
  .refine((v) => Object.keys(v).length <= 8, "too_many_variables");

export const startGenerationRequestSchema = z.object({
  uploadId: z.uuid({ error: "upload_required" }),
  styleId: z.uuid({ error: "style_required" }),
  gender: z.enum(GENDERS).optional(),
  aspectRatio: z.enum(AVATAR_ASPECT_RATIOS).optional(),
  variables: generationVariablesSchema.optional(),
});
export type StartGenerationRequest = z.input<typeof startGenerationRequestSchema>;

/**
 * One photo made into 1-5 styles at once (docs/product/generator.md): each style once, all paid
 * for together or none.
 */
export const startBatchRequestSchema = z.object({
  uploadId: z.uuid({ error: "upload_required" }),
  styleIds: z
    .array(z.uuid({ error: "style_required" }))
    .min(1, "style_required")
    .max(LIMITS.batchStylesMax, "too_many_styles")
    .refine((ids) => new Set(ids).size === ids.length, "repeated_style"),
  gender: z.enum(GENDERS).optional(),
  aspectRatio: z.enum(AVATAR_ASPECT_RATIOS).optional(),
});
export type StartBatchRequest = z.input<typeof startBatchRequestSchema>;

export const generationResultSchema = z.object({
  id: z.uuid(),
  ...pictureFields,
  hasWatermark: z.boolean(),
  generationSeconds: z.number().nonnegative(),
  /** Garansi Mirip (ADR 038): the likeness score and how it ended. */
  likeness: likenessSchema,
  /** A Formal CV/CPNS result: it can be downloaded as a pas foto (galleryContract.pasFoto). */
  pasFoto: z.boolean(),
});

export const generationSchema = z.object({
  id: z.uuid(),
  status: z.enum(GENERATION_STATUSES),
  styleId: z.uuid().nullable(),
  /** The set it was started with (POST /api/generations/batch of 2 or more styles), else null. */
  batchId: z.uuid().nullable(),
  /** Place in the queue (1 = next) while queued, else null. */
  position: z.number().int().positive().nullable(),
  progress: z.number().int().min(0).max(100),
  /** Expected seconds from start to result, from recent real durations of the provider. */
  estimateSeconds: z.number().nonnegative().nullable(),
  watermark: z.boolean(),
  /** Garansi Mirip's free redo is under way: the first result did not look enough like the photo. */
  redoing: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  result: generationResultSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type Generation = z.infer<typeof generationSchema>;
export const generationResponseSchema = z.object({ generation: generationSchema });

/** What the generation health check found: the queue and the active provider, for admins. */
export const generationHealthDetailSchema = z.object({
  ok: z.boolean(),
  queue: z.object({ ok: z.boolean(), waiting: z.number().int().nonnegative() }),
  provider: z.object({
    name: z.string(),
    model: z.string(),
    ok: z.boolean(),
    detail: z.string().optional(),
  }),
});
export type GenerationHealthDetail = z.infer<typeof generationHealthDetailSchema>;
/**
 * GET /api/generations/health: whether generation is available, for everyone; which provider and
 * model, and how many wait in the queue, only for an admin (issue 33).
 */
export const generationHealthSchema = generationHealthDetailSchema.partial({
  queue: true,
  provider: true,
});
export type GenerationHealth = z.infer<typeof generationHealthSchema>;

const generationId = z.object({ id: z.uuid() });

export const generationsContract = defineRoutes({
  health: {
    method: "GET",
    path: "/api/generations/health",
    summary: "Whether avatar generation is available now; the queue and provider for admins",
    access: "public",
    responses: { 200: generationHealthSchema },
  },
  active: {
    method: "GET",
    path: "/api/generations",
    summary: "The caller's generations still queued or processing",
    access: "guest_or_member",
    responses: { 200: z.object({ generations: z.array(generationSchema) }) },
  },
  start: {
    method: "POST",
    path: "/api/generations",
    summary: "Start one avatar (spends credits, or the guest's free try)",
    access: "guest_or_member",
    body: startGenerationRequestSchema,
    responses: { 202: generationResponseSchema },
    errors: [401, 402, 403, 404, 409, 422, 429, 503],
  },
  batch: {
    method: "POST",
    path: "/api/generations/batch",
    summary:
      "Start one avatar per style (1-5) from one photo, paid together or not at all (members; a guest one style)",
    access: "guest_or_member",
    body: startBatchRequestSchema,
    responses: { 202: z.object({ generations: z.array(generationSchema) }) },
    errors: [401, 402, 403, 404, 409, 422, 429, 503],
  },
  get: {
    method: "GET",
    path: "/api/generations/:id",
    summary: "One of the caller's generations",
    access: "guest_or_member",
    params: generationId,
    notFound: "Generation not found",
    responses: { 200: generationResponseSchema },
  },
  events: {
    method: "GET",
    path: "/api/generations/:id/events",
    summary: "Follow one of the caller's generations until it ends (Server-Sent Events)",
    access: "guest_or_member",
    params: generationId,
    notFound: "Generation not found",
    responses: {
      200: eventStream(generationResponseSchema, "`generation` events, one per change"),
    },
  },
});
