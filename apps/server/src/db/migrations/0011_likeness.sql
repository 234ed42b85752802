ALTER TABLE "credit_lots" DROP CONSTRAINT "credit_lots_source_check";--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "likeness_redo_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "likeness_first_key" text;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "likeness_first_distance" real;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "likeness_score" integer;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "likeness_verdict" text DEFAULT 'not_checked' NOT NULL;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "likeness_threshold" real;--> statement-breakpoint
ALTER TABLE "styles" ADD COLUMN "likeness_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "results_likeness_checked_created_idx" ON "results" USING btree ("created_at") WHERE likeness_verdict <> 'not_checked';--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_source_check" CHECK (source IN ('signup_bonus', 'purchase', 'referral_reward', 'manual_reward', 'refund', 'likeness_refund'));--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_likeness_verdict_check" CHECK (likeness_verdict IN ('ok', 'redone', 'refunded', 'not_checked'));--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_likeness_check" CHECK ((likeness_score IS NULL OR likeness_score BETWEEN 0 AND 100) AND ((likeness_verdict = 'not_checked') = (likeness_score IS NULL)));--> statement-breakpoint
UPDATE "styles" SET "likeness_check" = true WHERE "category" IN ('formal_cv_cpns', 'time_machine', 'hijab_style', 'jadul_nostalgia') AND "model_specific_parameters"->'local'->>'look' IN ('id_photo', 'sepia_era', 'seventies', 'vhs', 'soft_glam', 'jadul');
