import { z } from "zod";
import { safeText } from "./text";

export const STYLE_CATEGORIES = [
  "cartoon",
  "profesi_collectibles",
  "formal_cv_cpns",
  "pop_culture",
  "time_machine",
  "hijab_style",
  "jadul_nostalgia",
  "more_styles",
] as const;
export type StyleCategory = (typeof STYLE_CATEGORIES)[number];

export const STYLE_SORTS = ["featured", "popular", "newest", "az"] as const;
export type StyleSort = (typeof STYLE_SORTS)[number];

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

export const STYLE_EVENT_SECTIONS = ["action_figures", "all_styles", "recent", "landing"] as const;
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

export const FEEDBACK_TYPES = ["bug", "feature", "question", "other"] as const;
export const feedbackRequestSchema = z.object({
  type: z.enum(FEEDBACK_TYPES, { error: "feedback_type_required" }),
  email: z
    .union([z.literal(""), safeText().pipe(z.email("email_invalid").max(254, "email_invalid"))])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  subject: safeText({ error: "required" }).trim().min(1, "required").max(200, "too_long"),
  message: safeText({ error: "required" }).trim().min(1, "required").max(5000, "too_long"),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;
export const feedbackResponseSchema = z.object({ id: z.uuid() });

export const referralStatsSchema = z.object({
  referralCode: z.string(),
  total: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  creditsEarned: z.number().int().nonnegative(),
  /** Completed friends toward the next reward (0..rewardEvery-1). */
  progress: z.number().int().nonnegative(),
  rewardEvery: z.number().int().positive(),
  rewardCredits: z.number().int().nonnegative(),
  /** Premium styles unlock at `rewardEvery` completed referrals (DECISIONS.md). */
  premiumUnlocked: z.boolean(),
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;

export const UPLOAD_STATUSES = ["uploading", "processing", "completed", "failed"] as const;
export const uploadResponseSchema = z.object({
  upload: z.object({
    id: z.uuid(),
    status: z.enum(UPLOAD_STATUSES),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    thumbUrl: z.string().nullable(),
    croppedUrl: z.string().nullable(),
    createdAt: z.string(),
  }),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const guestSessionRequestSchema = z.object({
  /** The browser's fingerprint digest (spec §6 recipe, hashed in the browser). */
  fingerprint: safeText().regex(/^[A-Za-z0-9_-]{16,128}$/, "fingerprint_invalid"),
});
export const guestStatusSchema = z.object({
  generationCount: z.number().int().nonnegative(),
  canGenerate: z.boolean(),
});
export type GuestStatus = z.infer<typeof guestStatusSchema>;
