/**
 * The whole Rupa data model, for the rules in docs/product: styles, users, uploads, results and
 * the rest, with credit lots and spends, payments, feedback, security events, guest trials and
 * generation jobs. Storage columns hold object keys that the server generated (`*_key`); the
 * API turns them into URLs.
 *
 * Enumerations are text columns with check constraints (easy to extend by migration, readable
 * in psql), amounts are integers with non-negative checks, and every list the app shows has an
 * index that serves its filter and order.
 */
import {
  AI_PROVIDERS,
  AUDIT_ENTITY_TYPES,
  EXPORT_STATUSES,
  SECURITY_EVENT_TYPES,
  SECURITY_SEVERITIES,
  FEEDBACK_TYPES,
  GENDERS,
  KANVAS_MODES,
  KANVAS_RATIOS,
  LANGUAGES,
  LIKENESS_VERDICTS,
  LOT_SOURCES,
  REFUND_SOURCES,
  PHOTO_RETENTIONS,
  PROCESSING_LOG_KINDS,
  STYLE_CATEGORIES,
  UPLOAD_STATUSES,
} from "@rupa/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** `column IN ('a','b')` as a check constraint body. */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(", ")})`);
}

/** A stored picture's size: both known and positive, or neither (stored before it was kept). */
function pictureSizeCheck(width: AnyPgColumn, height: AnyPgColumn) {
  return sql`(${width} IS NULL AND ${height} IS NULL) OR (${width} IS NOT NULL AND ${height} IS NOT NULL AND ${width} > 0 AND ${height} > 0)`;
}

export {
  LOT_SOURCES,
  AI_PROVIDERS,
  FEEDBACK_TYPES,
  GENDERS,
  KANVAS_MODES,
  KANVAS_RATIOS,
  STYLE_CATEGORIES,
  UPLOAD_STATUSES,
};
export const ROLE_VALUES = ["user", "admin"] as const;
export const STYLE_EVENT_TYPES = ["viewed", "clicked", "generated"] as const;
export const STYLE_EVENT_SECTIONS = ["action_figures", "all_styles"] as const;
export const JOB_KINDS = ["avatar", "kanvas", "style_preview", "custom_profession"] as const;
export const JOB_STATUSES = ["queued", "processing", "succeeded", "failed"] as const;
export const SPEND_REASONS = [
  "avatar",
  "kanvas",
  "custom_profession",
  "admin_adjustment",
  /** What was left of a purchased lot when its payment was refunded. */
  "payment_refund",
  /** A finished picture's watermark removed (ADR 036): paid credits only. */
  "watermark_removal",
] as const;
export const PAYMENT_GATEWAYS = ["midtrans", "simulator"] as const;
export const PAYMENT_STATUSES = [
  "pending",
  "settlement",
  "capture",
  "deny",
  "cancel",
  "expire",
  "failure",
  "refund",
  "partial_refund",
] as const;
export const BILLING_CYCLES = ["monthly", "yearly"] as const;
export const REFERRAL_STATUSES = ["pending", "completed", "credited"] as const;
export const REQUEST_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export const PROFESSION_FORM_VARIANTS = ["action_figure", "profession"] as const;
export const FEEDBACK_STATUSES = ["new", "read", "resolved"] as const;
export const SEVERITIES = SECURITY_SEVERITIES;
export { AUDIT_ENTITY_TYPES, SECURITY_EVENT_TYPES };

// ---------------------------------------------------------------------------------------------
// Accounts (better-auth's user, session, account, verification models over our own tables)
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    fullName: text("full_name").notNull().default(""),
    image: text("image"),
    phone: text("phone"),
    preferredLanguage: text("preferred_language").notNull().default("id"),
    totalGenerations: integer("total_generations").notNull().default(0),
    referralCode: text("referral_code"),
    /** How long source photos are kept (PHOTO_RETENTIONS; docs/product/privacy.md). */
    photoRetention: text("photo_retention").notNull().default("24h"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("users_photo_retention_check", oneOf("photo_retention", PHOTO_RETENTIONS)),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_referral_code_key").on(t.referralCode),
    index("users_created_at_idx").on(t.createdAt.desc()),
    check("users_language_check", oneOf("preferred_language", LANGUAGES)),
    check("users_total_generations_check", sql`${t.totalGenerations} >= 0`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    expiresAt: ts("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("accounts_user_id_idx").on(t.userId),
    uniqueIndex("accounts_provider_account_key").on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("verifications_identifier_idx").on(t.identifier),
    index("verifications_expires_at_idx").on(t.expiresAt),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("user"),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("user_roles_role_idx").on(t.role),
    check("user_roles_role_check", oneOf("role", ROLE_VALUES)),
  ],
);

/** Fixed-window counters for rate limits (per IP, per e-mail, per user), shared by all processes. */
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    resetAt: ts("reset_at").notNull(),
  },
  (t) => [
    index("rate_limit_buckets_reset_at_idx").on(t.resetAt),
    check("rate_limit_buckets_count_check", sql`${t.count} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

export type ModelParameters = {
  style_strength?: number;
  guidance_scale?: number;
  num_steps?: number;
  use_fixed_seed?: boolean;
  fixed_seed?: number | null;
  negative_prompt?: string;
  scheduler?: string;
};

export const styles = pgTable(
  "styles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    nameId: text("name_id").notNull(),
    description: text("description").notNull().default(""),
    descriptionId: text("description_id").notNull().default(""),
    category: text("category").notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    promptTemplate: text("prompt_template").notNull(),
    previewPromptTemplate: text("preview_prompt_template"),
    modelName: text("model_name").notNull(),
    modelParameters: jsonb("model_parameters").$type<ModelParameters>().notNull().default({}),
    modelSpecificParameters: jsonb("model_specific_parameters")
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    genderSpecificPrompts: jsonb("gender_specific_prompts")
      .$type<Partial<Record<(typeof GENDERS)[number], string>>>()
      .notNull()
      .default({}),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    isPremium: boolean("is_premium").notNull().default(false),
    /** Garansi Mirip (ADR 038): results are compared with the member's face (photoreal styles). */
    likenessCheck: boolean("likeness_check").notNull().default(false),
    previewImageKey: text("preview_image_key"),
    beforeImageKey: text("before_image_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts("deleted_at"),
  },
  (t) => [
    index("styles_active_sort_idx").on(t.isActive, t.sortOrder),
    index("styles_category_idx").on(t.category),
    index("styles_created_at_idx").on(t.createdAt.desc()),
    index("styles_name_idx").on(t.name),
    check("styles_category_check", oneOf("category", STYLE_CATEGORIES)),
    check("styles_prompt_subject_check", sql`position('{subject}' in ${t.promptTemplate}) > 0`),
  ],
);

export const stylePreviewPairs = pgTable(
  "style_preview_pairs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    styleId: uuid("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    beforeImageKey: text("before_image_key"),
    afterImageKey: text("after_image_key"),
    title: text("title"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("style_preview_pairs_style_sort_idx").on(t.styleId, t.sortOrder)],
);

export const styleEvents = pgTable(
  "style_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    styleId: uuid("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    eventType: text("event_type").notNull(),
    section: text("section"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("style_events_style_type_idx").on(t.styleId, t.eventType),
    index("style_events_type_created_idx").on(t.eventType, t.createdAt),
    index("style_events_user_created_idx").on(t.userId, t.createdAt.desc()),
    check("style_events_type_check", oneOf("event_type", STYLE_EVENT_TYPES)),
    check(
      "style_events_section_check",
      sql`section IS NULL OR ${oneOf("section", STYLE_EVENT_SECTIONS)}`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Guests, uploads, generation
// ---------------------------------------------------------------------------------------------

/** One free watermarked generation per hashed browser fingerprint, capped per IP per day. */
export const guestTrials = pgTable(
  "guest_trials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fingerprintHash: text("fingerprint_hash").notNull().unique(),
    ipHash: text("ip_hash").notNull(),
    generationCount: integer("generation_count").notNull().default(0),
    createdAt: createdAt(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [
    index("guest_trials_ip_used_idx").on(t.ipHash, t.lastUsedAt),
    check("guest_trials_count_check", sql`${t.generationCount} BETWEEN 0 AND 1`),
  ],
);

export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestTrialId: uuid("guest_trial_id").references(() => guestTrials.id, { onDelete: "cascade" }),
    originalKey: text("original_key"),
    croppedKey: text("cropped_key"),
    thumbKey: text("thumb_key"),
    status: text("status").notNull().default("uploading"),
    mimeType: text("mime_type"),
    width: integer("width"),
    height: integer("height"),
    sizeBytes: integer("size_bytes"),
    errorCode: text("error_code"),
    /** Faces the free photo check found (null: not checked, e.g. the detector could not run). */
    faceCount: integer("face_count"),
    /** The check's findings (FaceCheck) and the main face in the crop's pixels (`cropFace`). */
    faceCheck: jsonb("face_check").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    completedAt: ts("completed_at"),
    originalDeletedAt: ts("original_deleted_at"),
  },
  (t) => [
    index("uploads_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("uploads_created_at_idx").on(t.createdAt.desc()),
    index("uploads_status_idx").on(t.status),
    check("uploads_status_check", oneOf("status", UPLOAD_STATUSES)),
    check("uploads_owner_check", sql`user_id IS NOT NULL OR guest_trial_id IS NOT NULL`),
    check("uploads_size_check", sql`size_bytes IS NULL OR size_bytes >= 0`),
  ],
);

/**
 * Consent to process face photos (docs/product/privacy.md): one row per time it was given, by a
 * member or a guest trial, with the text's version and a keyed hash of the address it came from;
 * `withdrawn_at` ends it.
 */
export const photoConsents = pgTable(
  "photo_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestTrialId: uuid("guest_trial_id").references(() => guestTrials.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    ipHash: text("ip_hash"),
    givenAt: ts("given_at").notNull().defaultNow(),
    withdrawnAt: ts("withdrawn_at"),
  },
  (t) => [
    index("photo_consents_user_idx").on(t.userId, t.givenAt.desc()),
    index("photo_consents_guest_idx").on(t.guestTrialId, t.givenAt.desc()),
    check("photo_consents_owner_check", sql`user_id IS NOT NULL OR guest_trial_id IS NOT NULL`),
  ],
);

/**
 * What happened to a person's photos (docs/product/privacy.md): sent to a provider, deleted
 * (and why), consent given or withdrawn. `detail` holds the provider, reason, count or version.
 */
export const processingLog = pgTable(
  "processing_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestTrialId: uuid("guest_trial_id").references(() => guestTrials.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("processing_log_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("processing_log_guest_idx").on(t.guestTrialId),
    check("processing_log_kind_check", oneOf("kind", PROCESSING_LOG_KINDS)),
    check("processing_log_owner_check", sql`user_id IS NOT NULL OR guest_trial_id IS NOT NULL`),
  ],
);

/**
 * A member's data export ("Unduh data saya", docs/product/privacy.md): a ZIP a background job
 * writes to storage (`storage_key`), downloadable by its owner until `expires_at`, then deleted
 * (status `expired`). One pending export per member at a time.
 */
export const accountExports = pgTable(
  "account_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    storageKey: text("storage_key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    errorCode: text("error_code"),
    createdAt: createdAt(),
    completedAt: ts("completed_at"),
    expiresAt: ts("expires_at"),
  },
  (t) => [
    index("account_exports_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("account_exports_created_idx").on(t.createdAt.desc()),
    uniqueIndex("account_exports_one_pending_idx")
      .on(t.userId)
      .where(sql`status = 'pending'`),
    check("account_exports_status_check", oneOf("status", EXPORT_STATUSES)),
    check("account_exports_size_check", sql`size_bytes IS NULL OR size_bytes >= 0`),
  ],
);

/**
 * A personal-data breach notice (docs/product/privacy.md): what an admin told the members
 * affected in a time window, in both languages, and how many it went to. Audited.
 */
export const breachNotices = pgTable(
  "breach_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    windowFrom: ts("window_from").notNull(),
    windowTo: ts("window_to").notNull(),
    messageId: text("message_id").notNull(),
    messageEn: text("message_en").notNull(),
    recipientCount: integer("recipient_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("breach_notices_created_idx").on(t.createdAt.desc()),
    check("breach_notices_window_check", sql`window_from < window_to`),
    check("breach_notices_count_check", sql`recipient_count >= 0`),
  ],
);

export const creditLots = pgTable(
  "credit_lots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    amount: integer("amount").notNull(),
    remaining: integer("remaining").notNull(),
    watermarked: boolean("watermarked").notNull().default(false),
    expiresAt: ts("expires_at"),
    description: text("description").notNull().default(""),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    refundOfSpendId: uuid("refund_of_spend_id").references(() => creditSpends.id, {
      onDelete: "set null",
    }),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_lots_user_expires_idx").on(t.userId, t.expiresAt),
    index("credit_lots_user_created_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("credit_lots_signup_bonus_once")
      .on(t.userId)
      .where(sql`source = 'signup_bonus'`),
    uniqueIndex("credit_lots_payment_once").on(t.paymentId),
    uniqueIndex("credit_lots_refund_once").on(t.refundOfSpendId),
    check("credit_lots_source_check", oneOf("source", LOT_SOURCES)),
    check("credit_lots_amount_check", sql`${t.amount} > 0`),
    check(
      "credit_lots_remaining_check",
      sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.amount}`,
    ),
  ],
);

export const creditSpends = pgTable(
  "credit_spends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    amount: integer("amount").notNull(),
    /** True when every credit the user held at the moment of spending was watermarked. */
    watermarked: boolean("watermarked").notNull().default(false),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_spends_user_created_idx").on(t.userId, t.createdAt.desc()),
    check("credit_spends_reason_check", oneOf("reason", SPEND_REASONS)),
    check("credit_spends_amount_check", sql`${t.amount} > 0`),
  ],
);

/** Which lots a spend took its credits from. */
export const creditSpendLots = pgTable(
  "credit_spend_lots",
  {
    spendId: uuid("spend_id")
      .notNull()
      .references(() => creditSpends.id, { onDelete: "cascade" }),
    lotId: uuid("lot_id")
      .notNull()
      .references(() => creditLots.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.spendId, t.lotId] }),
    index("credit_spend_lots_lot_idx").on(t.lotId),
    check("credit_spend_lots_amount_check", sql`${t.amount} > 0`),
  ],
);

/**
 * One Kanvas request of a member (issue 15): what was asked, once; its pictures are made by one
 * `generation_jobs` row each (kind `kanvas`), so each is paid, retried and refunded on its own.
 */
export const kanvasRuns = pgTable(
  "kanvas_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mode: text("mode").notNull(),
    prompt: text("prompt").notNull(),
    negativePrompt: text("negative_prompt").notNull().default(""),
    aspectRatio: text("aspect_ratio").notNull(),
    count: integer("count").notNull(),
    seed: bigint("seed", { mode: "number" }).notNull(),
    /** The uploads the pictures are drawn from (image-to-image), in the order given. */
    referenceUploadIds: jsonb("reference_upload_ids").$type<string[]>().notNull().default([]),
    /** Credits each picture cost when the run started (the setting may change later). */
    pricePerImage: integer("price_per_image").notNull(),
    provider: text("provider").notNull(),
    modelName: text("model_name").notNull().default(""),
    cancelledAt: ts("cancelled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("kanvas_runs_user_created_idx").on(t.userId, t.createdAt.desc()),
    check("kanvas_runs_mode_check", oneOf("mode", KANVAS_MODES)),
    check("kanvas_runs_ratio_check", oneOf("aspect_ratio", KANVAS_RATIOS)),
    check("kanvas_runs_prompt_check", sql`char_length(prompt) BETWEEN 1 AND 2000`),
    check("kanvas_runs_count_check", sql`${t.count} BETWEEN 1 AND 4`),
    check("kanvas_runs_price_check", sql`${t.pricePerImage} >= 0`),
  ],
);

export const generationJobs = pgTable(
  "generation_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    status: text("status").notNull().default("queued"),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestTrialId: uuid("guest_trial_id").references(() => guestTrials.id, { onDelete: "cascade" }),
    styleId: uuid("style_id").references(() => styles.id, { onDelete: "set null" }),
    uploadId: uuid("upload_id").references(() => uploads.id, { onDelete: "set null" }),
    customRequestId: uuid("custom_request_id"),
    /** The Kanvas run a `kanvas` job makes one picture of. */
    kanvasRunId: uuid("kanvas_run_id").references(() => kanvasRuns.id, { onDelete: "cascade" }),
    /** The set of avatars started together from one photo (POST /api/generations/batch). */
    batchId: uuid("batch_id"),
    spendId: uuid("spend_id").references(() => creditSpends.id, { onDelete: "set null" }),
    provider: text("provider").notNull(),
    modelName: text("model_name").notNull().default(""),
    prompt: text("prompt").notNull().default(""),
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    watermark: boolean("watermark").notNull().default(false),
    progress: integer("progress").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    queuedAt: ts("queued_at").notNull().defaultNow(),
    startedAt: ts("started_at"),
    /** Refreshed every few seconds by the worker running it; a silent one has died. */
    heartbeatAt: ts("heartbeat_at"),
    /** The provider's own id for the work it started (a Replicate prediction), to resume it. */
    providerJobId: text("provider_job_id"),
    /**
     * Garansi Mirip's one redo (ADR 038): when it was decided. Set once, by the attempt holding
     * the job, with the first result (`likeness_first_key`, its raw picture kept meanwhile) and
     * its distance (null: no face in it), so a retry or a restart redoes at most once.
     */
    likenessRedoAt: ts("likeness_redo_at"),
    likenessFirstKey: text("likeness_first_key"),
    likenessFirstDistance: real("likeness_first_distance"),
    finishedAt: ts("finished_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("generation_jobs_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("generation_jobs_status_created_idx").on(t.status, t.createdAt),
    index("generation_jobs_provider_finished_idx").on(t.provider, t.finishedAt.desc()),
    index("generation_jobs_kanvas_run_idx").on(t.kanvasRunId),
    index("generation_jobs_batch_idx")
      .on(t.batchId)
      .where(sql`batch_id IS NOT NULL`),
    check("generation_jobs_kind_check", oneOf("kind", JOB_KINDS)),
    check("generation_jobs_status_check", oneOf("status", JOB_STATUSES)),
    check("generation_jobs_provider_check", oneOf("provider", AI_PROVIDERS)),
    check("generation_jobs_progress_check", sql`${t.progress} BETWEEN 0 AND 100`),
    check("generation_jobs_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

/**
 * What a watermarked member's picture keeps to lose its watermark later (ADR 036): the private
 * unwatermarked master's storage key (never served), and the paid spend of a removal under way.
 */
const watermarkMaster = () => ({
  masterKey: text("master_key"),
  watermarkSpendId: uuid("watermark_spend_id").references(() => creditSpends.id, {
    onDelete: "set null",
  }),
});
/** Only a watermarked picture keeps a master, and only a picture with a master is being cleaned. */
const masterCheck = sql`(master_key IS NULL OR has_watermark) AND (watermark_spend_id IS NULL OR master_key IS NOT NULL)`;

export const results = pgTable(
  "results",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestTrialId: uuid("guest_trial_id").references(() => guestTrials.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").references(() => generationJobs.id, { onDelete: "set null" }),
    styleId: uuid("style_id").references(() => styles.id, { onDelete: "set null" }),
    uploadId: uuid("upload_id").references(() => uploads.id, { onDelete: "set null" }),
    imageKey: text("image_key").notNull(),
    /** The full picture in WebP, as shown (null for pictures stored before it existed). */
    displayKey: text("display_key"),
    thumbKey: text("thumb_key"),
    /** The full picture's size in pixels (null for pictures stored before it was kept). */
    width: integer("width"),
    height: integer("height"),
    generationTimeSeconds: real("generation_time_seconds").notNull().default(0),
    hasWatermark: boolean("has_watermark").notNull().default(false),
    ...watermarkMaster(),
    gender: text("gender"),
    seed: bigint("seed", { mode: "number" }),
    /**
     * Garansi Mirip (ADR 038): the score shown (0-100; null when not checked), how it ended, and
     * the threshold it was judged by (the setting's value then: its version). The descriptors
     * themselves are never stored.
     */
    likenessScore: integer("likeness_score"),
    likenessVerdict: text("likeness_verdict").notNull().default("not_checked"),
    likenessThreshold: real("likeness_threshold"),
    createdAt: createdAt(),
  },
  (t) => [
    index("results_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("results_style_idx").on(t.styleId),
    index("results_created_at_idx").on(t.createdAt.desc()),
    // Garansi Mirip's quality figures (admin › analytics, AI settings) read checked results by time.
    index("results_likeness_checked_created_idx")
      .on(t.createdAt)
      .where(sql`likeness_verdict <> 'not_checked'`),
    uniqueIndex("results_job_key").on(t.jobId),
    check("results_owner_check", sql`user_id IS NOT NULL OR guest_trial_id IS NOT NULL`),
    check("results_seconds_check", sql`${t.generationTimeSeconds} >= 0`),
    check("results_size_check", pictureSizeCheck(t.width, t.height)),
    check("results_master_check", masterCheck),
    check("results_gender_check", sql`gender IS NULL OR ${oneOf("gender", GENDERS)}`),
    check("results_likeness_verdict_check", oneOf("likeness_verdict", LIKENESS_VERDICTS)),
    check(
      "results_likeness_check",
      sql`(likeness_score IS NULL OR likeness_score BETWEEN 0 AND 100) AND ((likeness_verdict = 'not_checked') = (likeness_score IS NULL))`,
    ),
  ],
);

export const kanvasImages = pgTable(
  "kanvas_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").references(() => generationJobs.id, { onDelete: "set null" }),
    runId: uuid("run_id").references(() => kanvasRuns.id, { onDelete: "set null" }),
    imageKey: text("image_key").notNull(),
    /** The full picture in WebP, as shown (null for pictures stored before it existed). */
    displayKey: text("display_key"),
    thumbKey: text("thumb_key"),
    /** The full picture's size in pixels (null for pictures stored before it was kept). */
    width: integer("width"),
    height: integer("height"),
    prompt: text("prompt").notNull(),
    mode: text("mode").notNull().default("text2image"),
    aspectRatio: text("aspect_ratio").notNull().default("1:1"),
    seed: bigint("seed", { mode: "number" }),
    provider: text("provider"),
    hasWatermark: boolean("has_watermark").notNull().default(false),
    ...watermarkMaster(),
    createdAt: createdAt(),
  },
  (t) => [
    index("kanvas_images_user_created_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("kanvas_images_job_key").on(t.jobId),
    index("kanvas_images_run_idx").on(t.runId),
    check("kanvas_images_mode_check", oneOf("mode", KANVAS_MODES)),
    check("kanvas_images_ratio_check", oneOf("aspect_ratio", KANVAS_RATIOS)),
    check("kanvas_images_prompt_check", sql`char_length(prompt) BETWEEN 1 AND 2000`),
    check("kanvas_images_size_check", pictureSizeCheck(t.width, t.height)),
    check("kanvas_images_master_check", masterCheck),
  ],
);

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: text("order_id").notNull().unique(),
    /**
     * The buyer; null once they deleted their account: the order stays as the record of a sale
     * the law asks us to keep, detached from the person (docs/product/privacy.md, Deletion).
     */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    planId: text("plan_id").notNull(),
    planName: text("plan_name").notNull(),
    billingCycle: text("billing_cycle").notNull(),
    credits: integer("credits").notNull(),
    validityDays: integer("validity_days").notNull(),
    amountIdr: integer("amount_idr").notNull(),
    gateway: text("gateway").notNull(),
    status: text("status").notNull().default("pending"),
    paymentType: text("payment_type"),
    gatewayTransactionId: text("gateway_transaction_id"),
    fraudStatus: text("fraud_status"),
    snapToken: text("snap_token"),
    redirectUrl: text("redirect_url"),
    /** When the checkout stops taking payments (the Snap expiry we asked for). */
    checkoutExpiresAt: ts("checkout_expires_at"),
    /** The last time the status API was asked about this order (sweeper, buyer's page). */
    lastCheckedAt: ts("last_checked_at"),
    paidAt: ts("paid_at"),
    creditedAt: ts("credited_at"),
    refundedAt: ts("refunded_at"),
    /**
     * The receipt's invoice number, taken from `invoice_numbers` in the transaction that marks the
     * order paid (docs/product/credits-and-plans.md, Receipts): never reused, never repeated.
     */
    invoiceNumber: integer("invoice_number").unique(),
    /** How the refund happened (REFUND_SOURCES: gateway, manual, notification; ADR 043). */
    refundSource: text("refund_source"),
    /** The admin's reason, shown to the member and kept on the ledger line. */
    refundReason: text("refund_reason"),
    refundedBy: text("refunded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_created_idx").on(t.createdAt.desc()),
    index("payments_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("payments_status_idx").on(t.status),
    index("payments_user_plan_status_idx").on(t.userId, t.planId, t.status),
    check("payments_gateway_check", oneOf("gateway", PAYMENT_GATEWAYS)),
    check("payments_status_check", oneOf("status", PAYMENT_STATUSES)),
    check("payments_cycle_check", oneOf("billing_cycle", BILLING_CYCLES)),
    check("payments_amounts_check", sql`${t.amountIdr} > 0 AND ${t.credits} > 0`),
    check("payments_validity_check", sql`${t.validityDays} > 0`),
    check("payments_refund_source_check", oneOf("refund_source", REFUND_SOURCES)),
  ],
);

/**
 * Each time Rupa asked the gateway's status API about an order (the sweeper, or the buyer's page
 * re-checking a pending order): what it said and what that changed, for admin › Pembayaran.
 */
export const paymentStatusChecks = pgTable(
  "payment_status_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    checkedAt: createdAt(),
    /** Who asked: `sweeper` or `buyer`. */
    trigger: text("trigger").notNull(),
    /** The gateway's transaction_status, or null when it did not answer. */
    status: text("status"),
    /** What it changed: granted, ended, refunded, waiting, ignored:<why>, or error:<kind>. */
    outcome: text("outcome").notNull(),
  },
  (t) => [index("payment_status_checks_payment_idx").on(t.paymentId, t.checkedAt.desc())],
);

/** One sequence of invoice numbers for every paid order's receipt. */
export const invoiceNumbers = pgSequence("invoice_numbers", { startWith: 1 });

/** Every notification the gateway sent, verified or not, for audit. */
export const paymentNotifications = pgTable(
  "payment_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: text("order_id").notNull(),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    signatureValid: boolean("signature_valid").notNull(),
    transactionStatus: text("transaction_status"),
    /** What it changed (granted, refunded, ended, waiting, ignored:<why>; ADR 043), once applied. */
    outcome: text("outcome"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("payment_notifications_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * The reconciliation of gateway money against ledger credits, per Jakarta day and payment method
 * (docs/product/credits-and-plans.md, Reconciliation): worked out daily for the last 30 days.
 */
export const paymentReconciliations = pgTable(
  "payment_reconciliations",
  {
    /** YYYY-MM-DD in Jakarta. */
    day: text("day").notNull(),
    method: text("method").notNull(),
    paidOrders: integer("paid_orders").notNull(),
    paidAmountIdr: bigint("paid_amount_idr", { mode: "number" }).notNull(),
    creditsGranted: integer("credits_granted").notNull(),
    refundedOrders: integer("refunded_orders").notNull(),
    refundedAmountIdr: bigint("refunded_amount_idr", { mode: "number" }).notNull(),
    creditsRevoked: integer("credits_revoked").notNull(),
    /** The orders that do not add up: `[{ orderId, problem }]`. */
    differences: jsonb("differences").$type<{ orderId: string; problem: string }[]>().notNull(),
    checkedAt: ts("checked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.method] })],
);

/**
 * The payment simulator's own book (the embedded stand-in for Midtrans, modules/payment-simulator):
 * what its Snap endpoint was asked to sell and what the buyer did on its checkout page. Rupa's
 * payments module never reads this table; it learns everything through signed notifications and
 * the simulator's status endpoint, as it would from Midtrans.
 */
export const simulatorTransactions = pgTable(
  "payment_simulator_transactions",
  {
    orderId: text("order_id").primaryKey(),
    transactionId: uuid("transaction_id").notNull().defaultRandom(),
    grossAmount: integer("gross_amount").notNull(),
    itemName: text("item_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    finishUrl: text("finish_url").notNull(),
    /** Null until the buyer picks a method (Midtrans' status API says 404 until then). */
    status: text("status"),
    paymentType: text("payment_type"),
    /** The merchant's refund_key of its refund, as Midtrans keeps it (a retry with it is no new refund). */
    refundKey: text("refund_key"),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("sim_tx_amount_check", sql`${t.grossAmount} > 0`)],
);

// ---------------------------------------------------------------------------------------------
// Referrals, custom professions, AI configs, moderation, feedback, security, mail
// ---------------------------------------------------------------------------------------------

export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referredId: text("referred_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    creditsAwarded: integer("credits_awarded").notNull().default(0),
    rewardLotId: uuid("reward_lot_id").references(() => creditLots.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    completedAt: ts("completed_at"),
    creditedAt: ts("credited_at"),
  },
  (t) => [
    index("referrals_referrer_status_idx").on(t.referrerId, t.status),
    index("referrals_created_at_idx").on(t.createdAt.desc()),
    check("referrals_status_check", oneOf("status", REFERRAL_STATUSES)),
    check("referrals_not_self_check", sql`referrer_id <> referred_id`),
    check("referrals_credits_check", sql`${t.creditsAwarded} >= 0`),
  ],
);

export const customProfessionConfigs = pgTable(
  "custom_profession_configs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    previewImageKey: text("preview_image_key"),
    category: text("category"),
    formVariant: text("form_variant").notNull().default("action_figure"),
    baseStyleId: uuid("base_style_id").references(() => styles.id, { onDelete: "set null" }),
    requiresReferenceImage: boolean("requires_reference_image").notNull().default(false),
    maxAccessoriesLength: integer("max_accessories_length").notNull().default(200),
    maxTitleLength: integer("max_title_length").notNull().default(200),
    maxOtherIdeasLength: integer("max_other_ideas_length").notNull().default(200),
    promptTemplate: text("prompt_template").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("custom_profession_configs_active_created_idx").on(t.isActive, t.createdAt.desc()),
    check(
      "custom_profession_configs_variant_check",
      oneOf("form_variant", PROFESSION_FORM_VARIANTS),
    ),
    check(
      "custom_profession_configs_lengths_check",
      sql`max_accessories_length > 0 AND max_title_length > 0 AND max_other_ideas_length > 0`,
    ),
  ],
);

export const customProfessionRequests = pgTable(
  "custom_profession_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    configId: uuid("config_id").references(() => customProfessionConfigs.id, {
      onDelete: "set null",
    }),
    jobId: uuid("job_id").references(() => generationJobs.id, { onDelete: "set null" }),
    title: text("title"),
    accessories: text("accessories"),
    otherIdeas: text("other_ideas"),
    profession: text("profession"),
    uniformStyle: text("uniform_style"),
    props: text("props"),
    gender: text("gender"),
    referenceImageKey: text("reference_image_key"),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("custom_profession_requests_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("custom_profession_requests_created_idx").on(t.createdAt.desc()),
    check("custom_profession_requests_status_check", oneOf("status", REQUEST_STATUSES)),
    check(
      "custom_profession_requests_gender_check",
      sql`gender IS NULL OR ${oneOf("gender", GENDERS)}`,
    ),
  ],
);

export const aiModelConfigs = pgTable(
  "ai_model_configs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceName: text("service_name").notNull(),
    apiProvider: text("api_provider").notNull(),
    modelName: text("model_name").notNull().default(""),
    apiEndpoint: text("api_endpoint").notNull().default(""),
    configData: jsonb("config_data").$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean("is_active").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("ai_model_configs_service_idx").on(t.serviceName),
    uniqueIndex("ai_model_configs_one_active_per_service")
      .on(t.serviceName)
      .where(sql`is_active`),
    check("ai_model_configs_provider_check", oneOf("api_provider", AI_PROVIDERS)),
  ],
);

export const bannedKeywords = pgTable(
  "banned_keywords",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    keyword: text("keyword").notNull().unique(),
    reason: text("reason"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("banned_keywords_created_idx").on(t.createdAt.desc()),
    check(
      "banned_keywords_normalised_check",
      sql`keyword = lower(btrim(keyword)) AND char_length(keyword) > 0`,
    ),
  ],
);

export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    email: text("email"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status").notNull().default("new"),
    /** When an admin marked it handled (status `resolved`), and who; null while it is open. */
    handledAt: ts("handled_at"),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("feedback_created_idx").on(t.createdAt.desc()),
    index("feedback_type_created_idx").on(t.type, t.createdAt.desc()),
    check("feedback_type_check", oneOf("type", FEEDBACK_TYPES)),
    check("feedback_status_check", oneOf("status", FEEDBACK_STATUSES)),
    check(
      "feedback_lengths_check",
      sql`char_length(subject) BETWEEN 1 AND 200 AND char_length(message) BETWEEN 1 AND 5000`,
    ),
  ],
);

export const securityEvents = pgTable(
  "security_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    severity: text("severity").notNull().default("info"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    ip: text("ip"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("security_events_created_idx").on(t.createdAt.desc()),
    index("security_events_type_created_idx").on(t.type, t.createdAt.desc()),
    check("security_events_type_check", oneOf("type", SECURITY_EVENT_TYPES)),
    check("security_events_severity_check", oneOf("severity", SEVERITIES)),
  ],
);

/**
 * The admin audit trail (docs/product/admin.md, ADR 017): every change an admin makes, written in
 * the same transaction as the change. `before`/`after` hold the fields that changed (never
 * secrets); `entity_id` is text because users have text ids and everything else uuids.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's e-mail when the row was written, so the trail survives account deletion. */
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc()),
    index("audit_log_entity_idx").on(t.entityType, t.entityId, t.createdAt.desc()),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt.desc()),
    check("audit_log_entity_type_check", oneOf("entity_type", AUDIT_ENTITY_TYPES)),
  ],
);

/** The embedded mail driver's outbox (and a record of what was sent in production). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt.desc())],
);

/** A style's row, as every module reads it. */
export type StyleRow = typeof styles.$inferSelect;
/** A style's before/after preview pair. */
export type PairRow = typeof stylePreviewPairs.$inferSelect;
/** A durable job's row (an avatar generation or one Kanvas picture), as every module reads it. */
export type GenerationJobRow = typeof generationJobs.$inferSelect;
