CREATE TABLE "photo_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"guest_trial_id" uuid,
	"version" integer NOT NULL,
	"ip_hash" text,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "photo_consents_owner_check" CHECK (user_id IS NOT NULL OR guest_trial_id IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "processing_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"guest_trial_id" uuid,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processing_log_kind_check" CHECK (kind IN ('consent_given', 'consent_withdrawn', 'photo_sent', 'photos_deleted')),
	CONSTRAINT "processing_log_owner_check" CHECK (user_id IS NOT NULL OR guest_trial_id IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_retention" text DEFAULT '24h' NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_consents" ADD CONSTRAINT "photo_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_consents" ADD CONSTRAINT "photo_consents_guest_trial_id_guest_trials_id_fk" FOREIGN KEY ("guest_trial_id") REFERENCES "public"."guest_trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_log" ADD CONSTRAINT "processing_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_log" ADD CONSTRAINT "processing_log_guest_trial_id_guest_trials_id_fk" FOREIGN KEY ("guest_trial_id") REFERENCES "public"."guest_trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_consents_user_idx" ON "photo_consents" USING btree ("user_id","given_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "photo_consents_guest_idx" ON "photo_consents" USING btree ("guest_trial_id","given_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "processing_log_user_created_idx" ON "processing_log" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "processing_log_guest_idx" ON "processing_log" USING btree ("guest_trial_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_photo_retention_check" CHECK (photo_retention IN ('after_avatars', '24h', '7d'));