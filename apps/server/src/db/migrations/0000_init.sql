CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_model_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_name" text NOT NULL,
	"api_provider" text NOT NULL,
	"model_name" text DEFAULT '' NOT NULL,
	"api_endpoint" text DEFAULT '' NOT NULL,
	"config_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_model_configs_provider_check" CHECK (api_provider IN ('local', 'replicate', 'openai', 'huggingface', 'kie_ai'))
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banned_keywords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"keyword" text NOT NULL,
	"reason" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banned_keywords_keyword_unique" UNIQUE("keyword"),
	CONSTRAINT "banned_keywords_normalised_check" CHECK (keyword = lower(btrim(keyword)) AND char_length(keyword) > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"watermarked" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"description" text DEFAULT '' NOT NULL,
	"payment_id" uuid,
	"refund_of_spend_id" uuid,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_lots_source_check" CHECK (source IN ('signup_bonus', 'purchase', 'referral_reward', 'manual_reward', 'refund')),
	CONSTRAINT "credit_lots_amount_check" CHECK ("credit_lots"."amount" > 0),
	CONSTRAINT "credit_lots_remaining_check" CHECK ("credit_lots"."remaining" >= 0 AND "credit_lots"."remaining" <= "credit_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "credit_spend_lots" (
	"spend_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "credit_spend_lots_spend_id_lot_id_pk" PRIMARY KEY("spend_id","lot_id"),
	CONSTRAINT "credit_spend_lots_amount_check" CHECK ("credit_spend_lots"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_spends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"watermarked" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_spends_reason_check" CHECK (reason IN ('avatar', 'kanvas', 'custom_profession', 'admin_adjustment')),
	CONSTRAINT "credit_spends_amount_check" CHECK ("credit_spends"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "custom_profession_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"preview_image_key" text,
	"category" text,
	"form_variant" text DEFAULT 'action_figure' NOT NULL,
	"base_style_id" uuid,
	"requires_reference_image" boolean DEFAULT false NOT NULL,
	"max_accessories_length" integer DEFAULT 200 NOT NULL,
	"max_title_length" integer DEFAULT 200 NOT NULL,
	"max_other_ideas_length" integer DEFAULT 200 NOT NULL,
	"prompt_template" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_profession_configs_variant_check" CHECK (form_variant IN ('action_figure', 'profession')),
	CONSTRAINT "custom_profession_configs_lengths_check" CHECK (max_accessories_length > 0 AND max_title_length > 0 AND max_other_ideas_length > 0)
);
--> statement-breakpoint
CREATE TABLE "custom_profession_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"config_id" uuid,
	"job_id" uuid,
	"title" text,
	"accessories" text,
	"other_ideas" text,
	"profession" text,
	"uniform_style" text,
	"props" text,
	"gender" text,
	"reference_image_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_profession_requests_status_check" CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
	CONSTRAINT "custom_profession_requests_gender_check" CHECK (gender IS NULL OR gender IN ('male', 'female', 'female_hijab'))
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"type" text NOT NULL,
	"email" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_type_check" CHECK (type IN ('bug', 'feature', 'question', 'other')),
	CONSTRAINT "feedback_status_check" CHECK (status IN ('new', 'read', 'resolved')),
	CONSTRAINT "feedback_lengths_check" CHECK (char_length(subject) BETWEEN 1 AND 200 AND char_length(message) BETWEEN 1 AND 5000)
);
--> statement-breakpoint
CREATE TABLE "generation_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"user_id" text,
	"guest_trial_id" uuid,
	"style_id" uuid,
	"upload_id" uuid,
	"custom_request_id" uuid,
	"spend_id" uuid,
	"provider" text NOT NULL,
	"model_name" text DEFAULT '' NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"watermark" boolean DEFAULT false NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generation_jobs_kind_check" CHECK (kind IN ('avatar', 'kanvas', 'style_preview', 'custom_profession')),
	CONSTRAINT "generation_jobs_status_check" CHECK (status IN ('queued', 'processing', 'succeeded', 'failed')),
	CONSTRAINT "generation_jobs_provider_check" CHECK (provider IN ('local', 'replicate', 'openai', 'huggingface', 'kie_ai')),
	CONSTRAINT "generation_jobs_progress_check" CHECK ("generation_jobs"."progress" BETWEEN 0 AND 100),
	CONSTRAINT "generation_jobs_attempts_check" CHECK ("generation_jobs"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "guest_trials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fingerprint_hash" text NOT NULL,
	"ip_hash" text NOT NULL,
	"generation_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "guest_trials_fingerprint_hash_unique" UNIQUE("fingerprint_hash"),
	CONSTRAINT "guest_trials_count_check" CHECK ("guest_trials"."generation_count" BETWEEN 0 AND 1)
);
--> statement-breakpoint
CREATE TABLE "kanvas_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"job_id" uuid,
	"image_key" text NOT NULL,
	"thumb_key" text,
	"prompt" text NOT NULL,
	"mode" text DEFAULT 'text2image' NOT NULL,
	"aspect_ratio" text DEFAULT '1:1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kanvas_images_mode_check" CHECK (mode IN ('text2image', 'image2image')),
	CONSTRAINT "kanvas_images_ratio_check" CHECK (aspect_ratio IN ('1:1', '16:9', '9:16')),
	CONSTRAINT "kanvas_images_prompt_check" CHECK (char_length(prompt) BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" uuid,
	"signature_valid" boolean NOT NULL,
	"transaction_status" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"plan_name" text NOT NULL,
	"billing_cycle" text NOT NULL,
	"credits" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"amount_idr" integer NOT NULL,
	"gateway" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_type" text,
	"gateway_transaction_id" text,
	"fraud_status" text,
	"snap_token" text,
	"redirect_url" text,
	"paid_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "payments_gateway_check" CHECK (gateway IN ('midtrans', 'simulator')),
	CONSTRAINT "payments_status_check" CHECK (status IN ('pending', 'settlement', 'capture', 'deny', 'cancel', 'expire', 'failure', 'refund', 'partial_refund')),
	CONSTRAINT "payments_cycle_check" CHECK (billing_cycle IN ('monthly', 'yearly')),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount_idr" > 0 AND "payments"."credits" > 0),
	CONSTRAINT "payments_validity_check" CHECK ("payments"."validity_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_buckets_count_check" CHECK ("rate_limit_buckets"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" text NOT NULL,
	"referred_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"credits_awarded" integer DEFAULT 0 NOT NULL,
	"reward_lot_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	CONSTRAINT "referrals_referred_id_unique" UNIQUE("referred_id"),
	CONSTRAINT "referrals_status_check" CHECK (status IN ('pending', 'completed', 'credited')),
	CONSTRAINT "referrals_not_self_check" CHECK (referrer_id <> referred_id),
	CONSTRAINT "referrals_credits_check" CHECK ("referrals"."credits_awarded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"guest_trial_id" uuid,
	"job_id" uuid,
	"style_id" uuid,
	"upload_id" uuid,
	"image_key" text NOT NULL,
	"thumb_key" text,
	"generation_time_seconds" real DEFAULT 0 NOT NULL,
	"has_watermark" boolean DEFAULT false NOT NULL,
	"gender" text,
	"seed" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_owner_check" CHECK (user_id IS NOT NULL OR guest_trial_id IS NOT NULL),
	CONSTRAINT "results_seconds_check" CHECK ("results"."generation_time_seconds" >= 0),
	CONSTRAINT "results_gender_check" CHECK (gender IS NULL OR gender IN ('male', 'female', 'female_hijab'))
);
--> statement-breakpoint
CREATE TABLE "security_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"severity" text DEFAULT 'info' NOT NULL,
	"user_id" text,
	"actor_id" text,
	"ip" text,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_events_type_check" CHECK (type IN ('sign_in', 'sign_in_failed', 'sign_up', 'sign_out', 'password_reset_requested', 'password_reset', 'rate_limited', 'role_changed', 'credits_changed', 'account_deleted', 'suspicious_activity', 'api_abuse')),
	CONSTRAINT "security_events_severity_check" CHECK (severity IN ('info', 'warning', 'critical'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "style_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"style_id" uuid NOT NULL,
	"user_id" text,
	"event_type" text NOT NULL,
	"section" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "style_events_type_check" CHECK (event_type IN ('viewed', 'clicked', 'generated')),
	CONSTRAINT "style_events_section_check" CHECK (section IS NULL OR section IN ('action_figures', 'all_styles'))
);
--> statement-breakpoint
CREATE TABLE "style_preview_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"style_id" uuid NOT NULL,
	"before_image_key" text,
	"after_image_key" text,
	"title" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "styles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_id" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"prompt_template" text NOT NULL,
	"preview_prompt_template" text,
	"model_name" text NOT NULL,
	"model_parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"model_specific_parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"gender_specific_prompts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"preview_image_key" text,
	"before_image_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "styles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "styles_category_check" CHECK (category IN ('cartoon', 'profesi_collectibles', 'formal_cv_cpns', 'pop_culture', 'time_machine', 'hijab_style', 'jadul_nostalgia', 'more_styles')),
	CONSTRAINT "styles_prompt_subject_check" CHECK (position('{subject}' in "styles"."prompt_template") > 0)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"guest_trial_id" uuid,
	"original_key" text,
	"cropped_key" text,
	"thumb_key" text,
	"status" text DEFAULT 'uploading' NOT NULL,
	"mime_type" text,
	"width" integer,
	"height" integer,
	"size_bytes" integer,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"original_deleted_at" timestamp with time zone,
	CONSTRAINT "uploads_status_check" CHECK (status IN ('uploading', 'processing', 'completed', 'failed')),
	CONSTRAINT "uploads_owner_check" CHECK (user_id IS NOT NULL OR guest_trial_id IS NOT NULL),
	CONSTRAINT "uploads_size_check" CHECK (size_bytes IS NULL OR size_bytes >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_role_check" CHECK (role IN ('user', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"image" text,
	"phone" text,
	"preferred_language" text DEFAULT 'id' NOT NULL,
	"total_generations" integer DEFAULT 0 NOT NULL,
	"referral_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_language_check" CHECK (preferred_language IN ('id', 'en')),
	CONSTRAINT "users_total_generations_check" CHECK ("users"."total_generations" >= 0)
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_refund_of_spend_id_credit_spends_id_fk" FOREIGN KEY ("refund_of_spend_id") REFERENCES "public"."credit_spends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_spend_lots" ADD CONSTRAINT "credit_spend_lots_spend_id_credit_spends_id_fk" FOREIGN KEY ("spend_id") REFERENCES "public"."credit_spends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_spend_lots" ADD CONSTRAINT "credit_spend_lots_lot_id_credit_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_spends" ADD CONSTRAINT "credit_spends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_profession_configs" ADD CONSTRAINT "custom_profession_configs_base_style_id_styles_id_fk" FOREIGN KEY ("base_style_id") REFERENCES "public"."styles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_profession_requests" ADD CONSTRAINT "custom_profession_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_profession_requests" ADD CONSTRAINT "custom_profession_requests_config_id_custom_profession_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."custom_profession_configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_profession_requests" ADD CONSTRAINT "custom_profession_requests_job_id_generation_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."generation_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_guest_trial_id_guest_trials_id_fk" FOREIGN KEY ("guest_trial_id") REFERENCES "public"."guest_trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_spend_id_credit_spends_id_fk" FOREIGN KEY ("spend_id") REFERENCES "public"."credit_spends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD CONSTRAINT "kanvas_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD CONSTRAINT "kanvas_images_job_id_generation_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."generation_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_id_users_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_reward_lot_id_credit_lots_id_fk" FOREIGN KEY ("reward_lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_guest_trial_id_guest_trials_id_fk" FOREIGN KEY ("guest_trial_id") REFERENCES "public"."guest_trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_job_id_generation_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."generation_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_events" ADD CONSTRAINT "style_events_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_events" ADD CONSTRAINT "style_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_preview_pairs" ADD CONSTRAINT "style_preview_pairs_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_guest_trial_id_guest_trials_id_fk" FOREIGN KEY ("guest_trial_id") REFERENCES "public"."guest_trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_provider_account_key" ON "accounts" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "ai_model_configs_service_idx" ON "ai_model_configs" USING btree ("service_name");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_model_configs_one_active_per_service" ON "ai_model_configs" USING btree ("service_name") WHERE is_active;--> statement-breakpoint
CREATE INDEX "banned_keywords_created_idx" ON "banned_keywords" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_lots_user_expires_idx" ON "credit_lots" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "credit_lots_user_created_idx" ON "credit_lots" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "credit_lots_signup_bonus_once" ON "credit_lots" USING btree ("user_id") WHERE source = 'signup_bonus';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_lots_payment_once" ON "credit_lots" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_lots_refund_once" ON "credit_lots" USING btree ("refund_of_spend_id");--> statement-breakpoint
CREATE INDEX "credit_spend_lots_lot_idx" ON "credit_spend_lots" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "credit_spends_user_created_idx" ON "credit_spends" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "custom_profession_configs_active_created_idx" ON "custom_profession_configs" USING btree ("is_active","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "custom_profession_requests_user_created_idx" ON "custom_profession_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "custom_profession_requests_created_idx" ON "custom_profession_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "generation_jobs_user_created_idx" ON "generation_jobs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "generation_jobs_status_created_idx" ON "generation_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "generation_jobs_provider_finished_idx" ON "generation_jobs" USING btree ("provider","finished_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "guest_trials_ip_used_idx" ON "guest_trials" USING btree ("ip_hash","last_used_at");--> statement-breakpoint
CREATE INDEX "kanvas_images_user_created_idx" ON "kanvas_images" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "rate_limit_buckets_reset_at_idx" ON "rate_limit_buckets" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "referrals_referrer_status_idx" ON "referrals" USING btree ("referrer_id","status");--> statement-breakpoint
CREATE INDEX "referrals_created_at_idx" ON "referrals" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "results_user_created_idx" ON "results" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "results_style_idx" ON "results" USING btree ("style_id");--> statement-breakpoint
CREATE INDEX "results_created_at_idx" ON "results" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "results_job_key" ON "results" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "security_events" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_events_type_created_idx" ON "security_events" USING btree ("type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "style_events_style_type_idx" ON "style_events" USING btree ("style_id","event_type");--> statement-breakpoint
CREATE INDEX "style_events_type_created_idx" ON "style_events" USING btree ("event_type","created_at");--> statement-breakpoint
CREATE INDEX "style_events_user_created_idx" ON "style_events" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "style_preview_pairs_style_sort_idx" ON "style_preview_pairs" USING btree ("style_id","sort_order");--> statement-breakpoint
CREATE INDEX "styles_active_sort_idx" ON "styles" USING btree ("is_active","sort_order");--> statement-breakpoint
CREATE INDEX "styles_category_idx" ON "styles" USING btree ("category");--> statement-breakpoint
CREATE INDEX "styles_created_at_idx" ON "styles" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "styles_name_idx" ON "styles" USING btree ("name");--> statement-breakpoint
CREATE INDEX "uploads_user_created_idx" ON "uploads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "uploads_created_at_idx" ON "uploads" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "uploads_status_idx" ON "uploads" USING btree ("status");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_key" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "verifications_expires_at_idx" ON "verifications" USING btree ("expires_at");