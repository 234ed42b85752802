CREATE TABLE "kanvas_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"mode" text NOT NULL,
	"prompt" text NOT NULL,
	"negative_prompt" text DEFAULT '' NOT NULL,
	"aspect_ratio" text NOT NULL,
	"count" integer NOT NULL,
	"seed" bigint NOT NULL,
	"reference_upload_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_per_image" integer NOT NULL,
	"provider" text NOT NULL,
	"model_name" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kanvas_runs_mode_check" CHECK (mode IN ('text2image', 'image2image')),
	CONSTRAINT "kanvas_runs_ratio_check" CHECK (aspect_ratio IN ('1:1', '16:9', '9:16')),
	CONSTRAINT "kanvas_runs_prompt_check" CHECK (char_length(prompt) BETWEEN 1 AND 2000),
	CONSTRAINT "kanvas_runs_count_check" CHECK ("kanvas_runs"."count" BETWEEN 1 AND 4),
	CONSTRAINT "kanvas_runs_price_check" CHECK ("kanvas_runs"."price_per_image" >= 0)
);
--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "kanvas_run_id" uuid;--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD COLUMN "seed" bigint;--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD COLUMN "has_watermark" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kanvas_runs" ADD CONSTRAINT "kanvas_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kanvas_runs_user_created_idx" ON "kanvas_runs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_kanvas_run_id_kanvas_runs_id_fk" FOREIGN KEY ("kanvas_run_id") REFERENCES "public"."kanvas_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD CONSTRAINT "kanvas_images_run_id_kanvas_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."kanvas_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_jobs_kanvas_run_idx" ON "generation_jobs" USING btree ("kanvas_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kanvas_images_job_key" ON "kanvas_images" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "kanvas_images_run_idx" ON "kanvas_images" USING btree ("run_id");