/** Limits and fixed figures from the spec (§5, §9) and DECISIONS.md. */
export const LIMITS = {
  uploadMaxBytes: 10 * 1024 * 1024,
  uploadMinSide: 512,
  textFieldMax: 200,
  kanvasPromptMax: 2000,
  recentStylesMax: 8,
  actionFigureSectionMax: 7,
  originalRetentionHours: 24,
  accountDeletionDays: 30,
  expiryWarningDays: 7,
} as const;

export const BUCKETS = ["user-uploads", "generated-avatars", "style-previews"] as const;
export type Bucket = (typeof BUCKETS)[number];

export const LANGUAGES = ["id", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The services an `ai_model_configs` entry can drive. */
export const AI_SERVICES = ["avatar_generation", "kanvas_generation", "style_preview"] as const;
export type AiService = (typeof AI_SERVICES)[number];
