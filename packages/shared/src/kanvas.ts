import { z } from "zod";
import {
  GENERATION_STATUSES,
  KANVAS_LIMITS,
  KANVAS_MODES,
  KANVAS_RATIOS,
  LIMITS,
  kanvasImageMax,
} from "./constants";
import { pictureFields } from "./files";
import { defineRoutes, eventStream } from "./contract";
import { safeText } from "./text";

/**
 * POST /api/kanvas. Error messages are codes the web translates: `prompt_required`
 * ("Masukkan prompt terlebih dahulu"), `prompt_too_long`, `images_required` ("Upload gambar
 * terlebih dahulu untuk mode Image to Image"), `too_many_images` ("Maksimal N gambar").
 */
export const startKanvasRequestSchema = z
  .object({
    mode: z.enum(KANVAS_MODES),
    prompt: safeText({ error: "prompt_required" })
      .trim()
      .min(1, "prompt_required")
      .max(LIMITS.kanvasPromptMax, "prompt_too_long"),
    negativePrompt: safeText()
      .trim()
      .max(LIMITS.kanvasPromptMax, "negative_prompt_too_long")
      .optional(),
    aspectRatio: z.enum(KANVAS_RATIOS).default("1:1"),
    count: z
      .number()
      .int()
      .min(KANVAS_LIMITS.countMin, "count_out_of_range")
      .max(KANVAS_LIMITS.countMax, "count_out_of_range")
      .default(1),
    imageIds: z.array(z.uuid({ error: "image_invalid" })).default([]),
    seed: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === "image2image" && v.imageIds.length === 0)
      ctx.addIssue({ code: "custom", path: ["imageIds"], message: "images_required" });
    if (v.imageIds.length > kanvasImageMax(v.mode))
      ctx.addIssue({ code: "custom", path: ["imageIds"], message: "too_many_images" });
    if (new Set(v.imageIds).size !== v.imageIds.length)
      ctx.addIssue({ code: "custom", path: ["imageIds"], message: "image_repeated" });
  });
export type StartKanvasRequest = z.input<typeof startKanvasRequestSchema>;

export const kanvasPictureSchema = z.object({
  /** The picture's generation job. */
  jobId: z.uuid(),
  index: z.number().int().min(0),
  status: z.enum(GENERATION_STATUSES),
  progress: z.number().int().min(0).max(100),
  /** The stored picture once made (also in the gallery under this id). */
  image: z
    .object({
      id: z.uuid(),
      ...pictureFields,
      hasWatermark: z.boolean(),
    })
    .nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const KANVAS_RUN_STATUSES = ["queued", "processing", "done", "cancelled"] as const;

export const kanvasRunSchema = z.object({
  id: z.uuid(),
  /** queued until a picture starts; done when every picture ended; cancelled by its user. */
  status: z.enum(KANVAS_RUN_STATUSES),
  mode: z.enum(KANVAS_MODES),
  prompt: z.string(),
  negativePrompt: z.string(),
  aspectRatio: z.enum(KANVAS_RATIOS),
  count: z.number().int(),
  seed: z.number().int(),
  imageIds: z.array(z.uuid()),
  pricePerImage: z.number().int().nonnegative(),
  /** Credits given back so far (failed or cancelled pictures). */
  refunded: z.number().int().nonnegative(),
  /** Place in the queue of the first waiting picture (1 = next), else null. */
  position: z.number().int().positive().nullable(),
  provider: z.string(),
  createdAt: z.string(),
  pictures: z.array(kanvasPictureSchema),
});
export type KanvasRun = z.infer<typeof kanvasRunSchema>;
export const kanvasRunResponseSchema = z.object({ run: kanvasRunSchema });

const runId = z.object({ id: z.uuid() });

export const kanvasContract = defineRoutes({
  start: {
    method: "POST",
    path: "/api/kanvas",
    summary: "Start a Kanvas run: 1-4 pictures, paid per picture, each refunded if it fails",
    access: "member",
    body: startKanvasRequestSchema,
    responses: { 202: kanvasRunResponseSchema },
    errors: [402, 404, 409, 422, 429],
  },
  runs: {
    method: "GET",
    path: "/api/kanvas/runs",
    summary: "The caller's latest Kanvas runs, newest first",
    access: "member",
    responses: { 200: z.object({ runs: z.array(kanvasRunSchema) }) },
  },
  get: {
    method: "GET",
    path: "/api/kanvas/runs/:id",
    summary: "One of the caller's Kanvas runs",
    access: "member",
    params: runId,
    notFound: "Kanvas run not found",
    responses: { 200: kanvasRunResponseSchema },
  },
  cancel: {
    method: "POST",
    path: "/api/kanvas/runs/:id/cancel",
    summary: "Stop a run: the pictures not made yet are not made and their credits go back",
    access: "member",
    params: runId,
    notFound: "Kanvas run not found",
    responses: { 200: kanvasRunResponseSchema },
  },
  events: {
    method: "GET",
    path: "/api/kanvas/runs/:id/events",
    summary: "Follow one of the caller's Kanvas runs until it ends (Server-Sent Events)",
    access: "member",
    params: runId,
    notFound: "Kanvas run not found",
    responses: { 200: eventStream(kanvasRunResponseSchema, "`run` events, one per change") },
  },
});
