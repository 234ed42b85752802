import { z } from "zod";
import { safeText } from "./text";

export const AVATAR_ASPECT_RATIOS = [
  "1:1",
  "2:3",
  "3:2",
  "3:4",
  "4:3",
  "4:5",
  "5:4",
  "9:16",
  "16:9",
  "21:9",
] as const;
export const GENDERS = ["male", "female", "female_hijab"] as const;
export const GENERATION_STATUSES = ["queued", "processing", "succeeded", "failed"] as const;

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

export const generationResultSchema = z.object({
  id: z.uuid(),
  imageUrl: z.string(),
  thumbUrl: z.string().nullable(),
  hasWatermark: z.boolean(),
  generationSeconds: z.number().nonnegative(),
});

export const generationSchema = z.object({
  id: z.uuid(),
  status: z.enum(GENERATION_STATUSES),
  styleId: z.uuid().nullable(),
  /** Place in the queue (1 = next) while queued, else null. */
  position: z.number().int().positive().nullable(),
  progress: z.number().int().min(0).max(100),
  /** Expected seconds from start to result, from recent real durations of the provider. */
  estimateSeconds: z.number().nonnegative().nullable(),
  watermark: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  result: generationResultSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type Generation = z.infer<typeof generationSchema>;
export const generationResponseSchema = z.object({ generation: generationSchema });

export const generationHealthSchema = z.object({
  ok: z.boolean(),
  queue: z.object({ ok: z.boolean(), waiting: z.number().int().nonnegative() }),
  provider: z.object({
    name: z.string(),
    model: z.string(),
    ok: z.boolean(),
    detail: z.string().optional(),
  }),
});
export type GenerationHealth = z.infer<typeof generationHealthSchema>;
