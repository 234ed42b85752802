CREATE TABLE "account_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "account_exports_status_check" CHECK (status IN ('pending', 'ready', 'failed', 'expired')),
	CONSTRAINT "account_exports_size_check" CHECK (size_bytes IS NULL OR size_bytes >= 0)
);
--> statement-breakpoint
CREATE TABLE "breach_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"window_from" timestamp with time zone NOT NULL,
	"window_to" timestamp with time zone NOT NULL,
	"message_id" text NOT NULL,
	"message_en" text NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "breach_notices_window_check" CHECK (window_from < window_to),
	CONSTRAINT "breach_notices_count_check" CHECK (recipient_count >= 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "processing_log" DROP CONSTRAINT "processing_log_kind_check";--> statement-breakpoint
ALTER TABLE "account_exports" ADD CONSTRAINT "account_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breach_notices" ADD CONSTRAINT "breach_notices_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_exports_user_created_idx" ON "account_exports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "account_exports_created_idx" ON "account_exports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "account_exports_one_pending_idx" ON "account_exports" USING btree ("user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "breach_notices_created_idx" ON "breach_notices" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK (entity_type IN ('user', 'style', 'style_preview_pair', 'upload', 'setting', 'ai_config', 'banned_keyword', 'referral', 'custom_profession_config', 'feedback', 'system', 'payment', 'breach_notice'));--> statement-breakpoint
ALTER TABLE "processing_log" ADD CONSTRAINT "processing_log_kind_check" CHECK (kind IN ('consent_given', 'consent_withdrawn', 'photo_sent', 'photos_deleted', 'data_exported'));