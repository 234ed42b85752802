import { z } from "zod";
import { adminPageSchema, adminTableQuery } from "./admin-tables";
import { imageSetSchema } from "./catalogue";
import { GENDERS, STYLE_CATEGORIES } from "./constants";
import { defineRoutes } from "./contract";

/**
 * The admin Styles section's API (/api/admin/styles…): the catalogue as operators edit it
 * (docs/product/admin.md, "styles", with the model parameters' ranges). Soft-deleted styles are
 * gone from here too. Every change writes an audit row in its transaction and shows on /eksplor at
 * once.
 */

/** The schedulers a style may use; the first is the default (docs/product/admin.md). */
export const STYLE_SCHEDULERS = [
  "DPM++ Multistep",
  "Euler Ancestral",
  "Euler",
  "DDIM",
  "PNDM",
] as const;
export type StyleScheduler = (typeof STYLE_SCHEDULERS)[number];

/**
 * The model parameters' ranges, steps and defaults of docs/product/admin.md (the edit form reads
 * them too).
 */
export const STYLE_PARAM_RANGES = {
  style_strength: { min: 0, max: 1, step: 0.1, default: 0.7 },
  guidance_scale: { min: 1, max: 20, step: 0.5, default: 7.5 },
  num_steps: { min: 1, max: 100, step: 1, default: 25 },
  fixed_seed: { min: 0, max: 4_294_967_295, step: 1, default: null },
} as const;

/** Prompt templates name the person in the photo with this placeholder. */
export const SUBJECT_PLACEHOLDER = "{subject}";

export const ADMIN_STYLE_STATUSES = ["active", "inactive"] as const;
export type AdminStyleStatus = (typeof ADMIN_STYLE_STATUSES)[number];

/** `value` is a multiple of `step` (within floating-point error: 0.7 is 7 × 0.1). */
const onStep = (value: number, step: number) => {
  const n = value / step;
  return Math.abs(n - Math.round(n)) < 1e-9;
};

const ranged = (name: keyof typeof STYLE_PARAM_RANGES, label: string) => {
  const r = STYLE_PARAM_RANGES[name];
  return z
    .number({ error: `${label} must be a number` })
    .min(r.min, `${label} must be between ${r.min} and ${r.max}`)
    .max(r.max, `${label} must be between ${r.min} and ${r.max}`)
    .refine((v) => onStep(v, r.step), `${label} goes in steps of ${r.step}`);
};

/** The model parameters as stored on a style (snake_case, as docs/product/admin.md names them). */
export const modelParametersSchema = z
  .object({
    style_strength: ranged("style_strength", "Style strength").default(0.7),
    guidance_scale: ranged("guidance_scale", "Guidance scale").default(7.5),
    num_steps: ranged("num_steps", "Steps").default(25),
    scheduler: z
      .enum(STYLE_SCHEDULERS, { error: `Scheduler must be one of ${STYLE_SCHEDULERS.join(", ")}` })
      .default("DPM++ Multistep"),
    use_fixed_seed: z.boolean().default(false),
    fixed_seed: ranged("fixed_seed", "Fixed seed").nullable().default(null),
    negative_prompt: z.string().max(2000, "Negative prompt is at most 2000 characters").default(""),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.use_fixed_seed && p.fixed_seed === null)
      ctx.addIssue({
        code: "custom",
        path: ["fixed_seed"],
        message: "Enter a fixed seed, or turn off use_fixed_seed",
      });
    if (!p.use_fixed_seed && p.fixed_seed !== null)
      ctx.addIssue({
        code: "custom",
        path: ["fixed_seed"],
        message: "A fixed seed is only used when use_fixed_seed is on",
      });
  });
export type StyleModelParameters = z.output<typeof modelParametersSchema>;

const template = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(4000, `${label} is at most 4000 characters`)
    .refine((s) => s.includes(SUBJECT_PLACEHOLDER), `${label} must contain {subject}`);

const name = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(120, `${label} is at most 120 characters`);

/** Model-specific settings: any JSON object (never an array, a string or null). */
export const modelSpecificSchema = z.custom<Record<string, unknown>>(
  (v) => typeof v === "object" && v !== null && !Array.isArray(v),
  "Model-specific parameters must be a JSON object",
);

export const genderPromptsSchema = z
  .object(
    Object.fromEntries(GENDERS.map((g) => [g, z.string().trim().max(2000).optional()])) as Record<
      (typeof GENDERS)[number],
      z.ZodOptional<z.ZodString>
    >,
  )
  .strict();
export type GenderPrompts = z.output<typeof genderPromptsSchema>;

/** PATCH /api/admin/styles/:id: any of these; model parameters are replaced as a whole. */
export const adminStyleUpdateSchema = z
  .object({
    name: name("English name"),
    nameId: name("Indonesian name"),
    description: z.string().trim().max(2000, "Description is at most 2000 characters"),
    descriptionId: z.string().trim().max(2000, "Description is at most 2000 characters"),
    category: z.enum(STYLE_CATEGORIES, { error: "Choose a style group" }),
    tags: z
      .array(z.string().trim().min(1).max(40, "A tag is at most 40 characters"))
      .max(20, "At most 20 tags"),
    isPremium: z.boolean(),
    likenessCheck: z.boolean(),
    sortOrder: z.number().int("Sort order is a whole number").min(0).max(1_000_000),
    promptTemplate: template("Prompt template"),
    previewPromptTemplate: template("Preview prompt template").nullable(),
    genderSpecificPrompts: genderPromptsSchema,
    modelName: z.string().trim().min(1, "Model name is required").max(200),
    modelParameters: modelParametersSchema,
    modelSpecificParameters: modelSpecificSchema,
  })
  .partial()
  .strict();
export type AdminStyleUpdate = z.input<typeof adminStyleUpdateSchema>;
export type AdminStyleChanges = z.output<typeof adminStyleUpdateSchema>;

/** One row of the styles table. */
export const adminStyleRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  nameId: z.string(),
  category: z.enum(STYLE_CATEGORIES),
  isActive: z.boolean(),
  isPremium: z.boolean(),
  /** Garansi Mirip (ADR 038): its results are compared with the member's face. */
  likenessCheck: z.boolean(),
  sortOrder: z.number().int(),
  /** The card-sized preview (the first pair's after image), or null before any is drawn. */
  thumbnailUrl: z.string().nullable(),
  generatedCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminStyleRow = z.infer<typeof adminStyleRowSchema>;

/** Every field the edit dialog shows. */
export const adminStyleSchema = adminStyleRowSchema.extend({
  description: z.string(),
  descriptionId: z.string(),
  tags: z.array(z.string()),
  promptTemplate: z.string(),
  previewPromptTemplate: z.string().nullable(),
  genderSpecificPrompts: z.record(z.string(), z.string()),
  modelName: z.string(),
  modelParameters: z.object({
    style_strength: z.number(),
    guidance_scale: z.number(),
    num_steps: z.number(),
    scheduler: z.string(),
    use_fixed_seed: z.boolean(),
    fixed_seed: z.number().nullable(),
    negative_prompt: z.string(),
  }),
  modelSpecificParameters: z.record(z.string(), z.unknown()),
});
export type AdminStyle = z.infer<typeof adminStyleSchema>;
export const adminStyleResponseSchema = z.object({ style: adminStyleSchema });

export const ADMIN_STYLES_SORTABLE = ["sortOrder", "name", "createdAt", "updatedAt"] as const;

/** GET /api/admin/styles: `q` matches the English or Indonesian name or the slug. */
export const adminStylesQuerySchema = adminTableQuery({
  sortable: ADMIN_STYLES_SORTABLE,
  defaultSort: "sortOrder.asc",
  filters: {
    category: z.enum(STYLE_CATEGORIES).optional(),
    status: z.enum(ADMIN_STYLE_STATUSES).optional(),
  },
});
export type AdminStylesQuery = z.output<typeof adminStylesQuerySchema>;
export const adminStylesPageSchema = adminPageSchema(adminStyleRowSchema);
export type AdminStylesPage = z.infer<typeof adminStylesPageSchema>;

/** A before/after pair as admins manage it (either side may still be missing). */
export const adminStylePairSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  sortOrder: z.number().int(),
  before: imageSetSchema.nullable(),
  after: imageSetSchema.nullable(),
});
export type AdminStylePair = z.infer<typeof adminStylePairSchema>;
export const adminStylePairsResponseSchema = z.object({ pairs: z.array(adminStylePairSchema) });

/** The previews job as the admin screen follows it (pg-boss's states; `unknown`: archived). */
export const PREVIEW_JOB_STATES = [
  "created",
  "retry",
  "active",
  "completed",
  "cancelled",
  "failed",
  "unknown",
] as const;
export const previewJobSchema = z.object({
  jobId: z.string(),
  state: z.enum(PREVIEW_JOB_STATES),
  /** Nothing more will happen (completed, failed, cancelled or no longer known). */
  done: z.boolean(),
  /** The style's pairs now. */
  pairs: z.number().int().nonnegative(),
});
export type PreviewJob = z.infer<typeof previewJobSchema>;

const styleParams = z.object({ id: z.uuid() });
const pairParams = z.object({ id: z.uuid(), pairId: z.uuid() });
const ok = z.object({ ok: z.literal(true) });

export const adminStylesContract = defineRoutes({
  list: {
    method: "GET",
    path: "/api/admin/styles",
    summary: "Styles (not deleted), paged, sorted, searched and filtered by group and status",
    access: "admin",
    query: adminStylesQuerySchema,
    responses: { 200: adminStylesPageSchema },
  },
  get: {
    method: "GET",
    path: "/api/admin/styles/:id",
    summary: "One style with every field the edit dialog shows",
    access: "admin",
    params: styleParams,
    notFound: "Style not found",
    responses: { 200: adminStyleResponseSchema },
  },
  update: {
    method: "PATCH",
    path: "/api/admin/styles/:id",
    summary: "Change a style's fields (validated; model parameters within the documented ranges)",
    access: "admin",
    params: styleParams,
    notFound: "Style not found",
    body: adminStyleUpdateSchema,
    responses: { 200: adminStyleResponseSchema },
  },
  setActive: {
    method: "PUT",
    path: "/api/admin/styles/:id/active",
    summary: "Show or hide a style in the public catalogue",
    access: "admin",
    params: styleParams,
    notFound: "Style not found",
    body: z.object({ active: z.boolean() }),
    responses: { 200: adminStyleResponseSchema },
  },
  duplicate: {
    method: "POST",
    path: "/api/admin/styles/:id/duplicate",
    summary: "Copy a style (inactive, new slug, sorted after the original)",
    access: "admin",
    params: styleParams,
    notFound: "Style not found",
    responses: { 201: adminStyleResponseSchema },
  },
  remove: {
    method: "DELETE",
    path: "/api/admin/styles/:id",
    summary: "Soft-delete a style (it leaves the catalogue and the admin list)",
    access: "admin",
    params: styleParams,
    notFound: "Style not found",
    responses: { 200: ok },
  },
  generatePreviews: {
    method: "POST",
    path: "/api/admin/styles/:id/previews",
    summary: "Queue the previews job for a style (its pairs are drawn again)",
    access: "admin",
    params: styleParams,
    notFound: "Style not found",
    responses: { 202: previewJobSchema },
  },
  previewsStatus: {
    method: "GET",
    path: "/api/admin/styles/:id/previews/:jobId",
    summary: "Where a style's previews job stands",
    access: "admin",
    params: z.object({ id: z.uuid(), jobId: z.uuid() }),
    notFound: "Job not found",
    responses: { 200: previewJobSchema },
  },
  pairs: {
    method: "GET",
    path: "/api/admin/styles/:id/pairs",
    summary: "A style's before/after pairs in order",
    access: "admin",
    params: styleParams,
    notFound: "Style not found",
    responses: { 200: adminStylePairsResponseSchema },
  },
  addPair: {
    method: "POST",
    path: "/api/admin/styles/:id/pairs",
    summary: "Add a before/after pair from two photos (re-encoded through the photo pipeline)",
    access: "admin",
    params: styleParams,
    notFound: "Style not found",
    bodyType: "multipart",
    body: z.object({
      before: z.file().describe("JPEG, PNG, WebP or HEIC, at most 10 MB, at least 512x512"),
      after: z.file().describe("JPEG, PNG, WebP or HEIC, at most 10 MB, at least 512x512"),
      title: z.string().max(120).optional(),
    }),
    responses: { 201: z.object({ pair: adminStylePairSchema }) },
    errors: [413, 415, 422, 503],
  },
  reorderPairs: {
    method: "PUT",
    path: "/api/admin/styles/:id/pairs/order",
    summary: "Put a style's pairs in this order (every pair's id, once)",
    access: "admin",
    params: styleParams,
    notFound: "Style not found",
    body: z.object({ ids: z.array(z.uuid()).min(1).max(100) }),
    responses: { 200: adminStylePairsResponseSchema },
  },
  deletePair: {
    method: "DELETE",
    path: "/api/admin/styles/:id/pairs/:pairId",
    summary: "Delete a before/after pair and its images",
    access: "admin",
    params: pairParams,
    notFound: "Pair not found",
    responses: { 200: ok },
  },
});
