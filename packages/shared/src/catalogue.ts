import { z } from "zod";
import { STYLE_CATEGORIES, STYLE_EVENT_SECTIONS, STYLE_SORTS } from "./constants";
import { defineRoutes, emptyResponse } from "./contract";
import { safeText } from "./text";

/** An image in two sizes: `card` for grids (300x375), `full` for dialogs (600x750). WebP. */
export const imageSetSchema = z.object({
  card: z.string(),
  full: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ImageSet = z.infer<typeof imageSetSchema>;

export const styleSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  nameId: z.string(),
  description: z.string(),
  descriptionId: z.string(),
  category: z.enum(STYLE_CATEGORIES),
  tags: z.array(z.string()),
  isPremium: z.boolean(),
  /** Garansi Mirip (ADR 038): results of this style are checked against the member's face. */
  likenessCheck: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  generatedCount: z.number().int().nonnegative(),
  preview: imageSetSchema.nullable(),
  before: imageSetSchema.nullable(),
});
export type StyleSummary = z.infer<typeof styleSummarySchema>;

export const styleListQuerySchema = z.object({
  sort: z.enum(STYLE_SORTS).default("featured"),
  lang: z.enum(["id", "en"]).default("id"),
  category: z.enum(STYLE_CATEGORIES).optional(),
});
export const styleListResponseSchema = z.object({ styles: z.array(styleSummarySchema) });

export const previewPairSchema = z.object({
  id: z.uuid(),
  title: z.string().nullable(),
  before: imageSetSchema,
  after: imageSetSchema,
});
export const styleDetailSchema = styleSummarySchema.extend({ pairs: z.array(previewPairSchema) });
export type StyleDetail = z.infer<typeof styleDetailSchema>;
export const styleDetailResponseSchema = z.object({ style: styleDetailSchema });

export const styleEventSchema = z.object({
  styleId: z.uuid(),
  type: z.enum(["viewed", "clicked"]),
  section: z.enum(STYLE_EVENT_SECTIONS).optional(),
  /** Free values about the event: short safe keys, short safe text, numbers or booleans. */
  metadata: z
    .record(safeText().max(64), z.union([safeText().max(200), z.number(), z.boolean()]))
    .refine((m) => Object.keys(m).length <= 20, "too_many_keys")
    .optional(),
});
export const styleEventsRequestSchema = z.object({
  events: z.array(styleEventSchema).min(1).max(100),
});
export type StyleEventsRequest = z.input<typeof styleEventsRequestSchema>;
export const styleEventsResponseSchema = z.object({ accepted: z.number().int().nonnegative() });

/** Figures the landing and FAQ copy state, from real data and settings. */
export const catalogueSummarySchema = z.object({
  activeStyles: z.number().int().nonnegative(),
  signupBonusCredits: z.number().int().nonnegative(),
  avatarCredits: z.number().int().positive(),
  kanvasCreditsPerImage: z.number().int().nonnegative(),
  /** Median seconds from start to result over recent successful generations, or null. */
  medianGenerationSeconds: z.number().nonnegative().nullable(),
  referralRewardEvery: z.number().int().positive(),
  referralRewardCredits: z.number().int().nonnegative(),
});
export type CatalogueSummary = z.infer<typeof catalogueSummarySchema>;

export const stylesContract = defineRoutes({
  list: {
    method: "GET",
    path: "/api/styles",
    summary: "The public catalogue: active styles in the asked order, language and category",
    access: "public",
    query: styleListQuerySchema,
    responses: {
      200: styleListResponseSchema,
      304: emptyResponse("Not modified (If-None-Match matched the ETag)"),
    },
  },
  summary: {
    method: "GET",
    path: "/api/styles/summary",
    summary: "Figures the landing and FAQ copy state, from real data and settings",
    access: "public",
    responses: { 200: catalogueSummarySchema },
  },
  detail: {
    method: "GET",
    path: "/api/styles/:id",
    summary: "One active style with its before/after pairs",
    access: "public",
    params: z.object({ id: z.uuid() }),
    notFound: "Style not found",
    responses: { 200: styleDetailResponseSchema },
  },
  events: {
    method: "POST",
    path: "/api/styles/events",
    summary: "Record catalogue view and click events",
    access: "public",
    body: styleEventsRequestSchema,
    responses: { 202: styleEventsResponseSchema },
    errors: [429],
  },
});
