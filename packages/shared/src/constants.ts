/** Limits and fixed figures of docs/product/limits.md. */
export const LIMITS = {
  uploadMaxBytes: 10 * 1024 * 1024,
  uploadMinSide: 512,
  textFieldMax: 200,
  kanvasPromptMax: 2000,
  recentStylesMax: 8,
  actionFigureSectionMax: 7,
  /** Styles one photo can be made into at once (docs/product/generator.md). */
  batchStylesMax: 5,
  originalRetentionHours: 24,
  accountDeletionDays: 30,
  expiryWarningDays: 7,
} as const;

export const BUCKETS = ["user-uploads", "generated-avatars", "style-previews"] as const;
export type Bucket = (typeof BUCKETS)[number];

export const LANGUAGES = ["id", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
/** A stored or sent language, read leniently: English when it says "en", Indonesian otherwise. */
export const toLanguage = (v: unknown): Language => (v === "en" ? "en" : "id");

/** The services an `ai_model_configs` entry can drive. */
export const AI_SERVICES = ["avatar_generation", "kanvas_generation", "style_preview"] as const;
export type AiService = (typeof AI_SERVICES)[number];

// Enumerations the web shows and the schemas validate. This file imports nothing, so the web can
// take values from `@rupa/shared/constants` without putting zod in the landing page's download.

/** Where a member's credits came from (a credit lot's source), as the ledgers name them. */
export const LOT_SOURCES = [
  "signup_bonus",
  "purchase",
  "referral_reward",
  "manual_reward",
  "refund",
  /** Garansi Mirip (ADR 038): a result that did not look like the member, after its free redo. */
  "likeness_refund",
] as const;
export type LotSource = (typeof LOT_SOURCES)[number];

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

export const STYLE_EVENT_SECTIONS = ["action_figures", "all_styles", "recent", "landing"] as const;
export type StyleEventSection = (typeof STYLE_EVENT_SECTIONS)[number];

export const FEEDBACK_TYPES = ["bug", "feature", "question", "other"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const UPLOAD_STATUSES = ["uploading", "processing", "completed", "failed"] as const;

/**
 * What the free photo check can say about a subject photo. The first two refuse an avatar
 * generation (nothing is spent); the others only warn.
 */
export const PHOTO_ISSUES = [
  "no_face",
  "many_faces",
  "face_small",
  "blurry",
  "too_dark",
  "too_bright",
  "tilted",
] as const;
export type PhotoIssue = (typeof PHOTO_ISSUES)[number];
export const REFUSING_PHOTO_ISSUES: readonly PhotoIssue[] = ["no_face", "many_faces"];

/** Plain backgrounds a Formal CV/CPNS photo can be asked for. */
export const PAS_FOTO_BACKGROUNDS = ["red", "blue", "white"] as const;
export type PasFotoBackground = (typeof PAS_FOTO_BACKGROUNDS)[number];
/** The category whose avatars are pas foto: a background choice and a pas foto download. */
export const PAS_FOTO_CATEGORY = "formal_cv_cpns";

/**
 * The background a Formal CV/CPNS style starts with (the generator's choice and the server's
 * default alike): red when the style is tagged "cpns", else blue. Null for other styles.
 */
export function defaultPasFotoBackground(
  style: { category: string; tags: readonly string[] | null } | undefined,
): PasFotoBackground | null {
  if (!style || style.category !== PAS_FOTO_CATEGORY) return null;
  return (style.tags ?? []).some((tag) => tag.toLowerCase() === "cpns") ? "red" : "blue";
}
/** Pas foto sizes at 300 dpi: 3x4 cm and 4x6 cm. */
export const PAS_FOTO_SIZES = {
  "3x4": { width: 354, height: 472 },
  "4x6": { width: 472, height: 709 },
} as const;
export type PasFotoSize = keyof typeof PAS_FOTO_SIZES;
/**
 * SSCASN takes a pas foto file of at most 200 KB; read as 200,000 bytes, the stricter of the two
 * readings of a kilobyte (docs/decisions/037).
 */
export const PAS_FOTO_MAX_BYTES = 200_000;

/** How wide a finished picture's WebP thumbnail is (stored so; a srcset says so). */
export const PICTURE_THUMB_WIDTH = 384;

export const GALLERY_SORTS = ["newest", "oldest"] as const;
export const GALLERY_KINDS = ["avatar", "kanvas"] as const;
export type GalleryKind = (typeof GALLERY_KINDS)[number];

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
export type AvatarAspectRatio = (typeof AVATAR_ASPECT_RATIOS)[number];
export const GENDERS = ["male", "female", "female_hijab"] as const;
export type Gender = (typeof GENDERS)[number];
export const KANVAS_MODES = ["text2image", "image2image"] as const;
export type KanvasMode = (typeof KANVAS_MODES)[number];
export const KANVAS_RATIOS = ["1:1", "16:9", "9:16"] as const;
export type KanvasRatio = (typeof KANVAS_RATIOS)[number];

/** Pictures per run, and reference images per mode (docs/product/kanvas.md). */
export const KANVAS_LIMITS = {
  countMin: 1,
  countMax: 4,
  imagesImage2Image: 5,
  imagesText2Image: 3,
} as const;

/** The most reference images a mode takes ("Maksimal N gambar"). */
export function kanvasImageMax(mode: KanvasMode): number {
  return mode === "image2image" ? KANVAS_LIMITS.imagesImage2Image : KANVAS_LIMITS.imagesText2Image;
}

export const GENERATION_STATUSES = ["queued", "processing", "succeeded", "failed"] as const;

export const PROFESSION_VARIANTS = ["action_figure", "profession"] as const;

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** Where an `ai_model_configs` entry sends its work (`local`: the built-in renderer). */
export const AI_PROVIDERS = ["local", "replicate", "openai", "huggingface", "kie_ai"] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

// Personal data (docs/product/privacy.md, ADR 044).

/**
 * The version of the short consent text (web: `consent.*` in the locales). Raise it when the
 * text changes in substance: everyone is asked again before their next upload.
 */
export const PHOTO_CONSENT_VERSION = 1;

/**
 * How long a member's source photos are kept: deleted once their avatars are made, 24 hours
 * after upload (the default), or 7 days after upload. Results stay until deleted.
 */
export const PHOTO_RETENTIONS = ["after_avatars", "24h", "7d"] as const;
export type PhotoRetention = (typeof PHOTO_RETENTIONS)[number];
export const DEFAULT_PHOTO_RETENTION: PhotoRetention = "24h";
/** The longest a source photo is kept under each choice, in hours. */
export const RETENTION_HOURS: Record<PhotoRetention, number> = {
  after_avatars: 24,
  "24h": 24,
  "7d": 7 * 24,
};

/** What the processing log records. */
export const PROCESSING_LOG_KINDS = [
  "consent_given",
  "consent_withdrawn",
  "photo_sent",
  "photos_deleted",
  /** An export of the member's data was made ("Unduh data saya"). */
  "data_exported",
] as const;
export type ProcessingLogKind = (typeof PROCESSING_LOG_KINDS)[number];
/**
 * A data export's life ("Unduh data saya", docs/product/privacy.md): made by a background job,
 * downloadable until it expires 7 days later, then deleted.
 */
export const EXPORT_STATUSES = ["pending", "ready", "failed", "expired"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
/** How long a ready export can be downloaded, in hours. */
export const EXPORT_TTL_HOURS = 7 * 24;

/** Why photos were deleted. */
export const PHOTO_DELETION_REASONS = ["retention", "request", "account_deletion"] as const;
