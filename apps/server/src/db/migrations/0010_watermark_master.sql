ALTER TABLE "credit_spends" DROP CONSTRAINT "credit_spends_reason_check";--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD COLUMN "master_key" text;--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD COLUMN "watermark_spend_id" uuid;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "master_key" text;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "watermark_spend_id" uuid;--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD CONSTRAINT "kanvas_images_watermark_spend_id_credit_spends_id_fk" FOREIGN KEY ("watermark_spend_id") REFERENCES "public"."credit_spends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_watermark_spend_id_credit_spends_id_fk" FOREIGN KEY ("watermark_spend_id") REFERENCES "public"."credit_spends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_spends" ADD CONSTRAINT "credit_spends_reason_check" CHECK (reason IN ('avatar', 'kanvas', 'custom_profession', 'admin_adjustment', 'payment_refund', 'watermark_removal'));--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD CONSTRAINT "kanvas_images_master_check" CHECK ((master_key IS NULL OR has_watermark) AND (watermark_spend_id IS NULL OR master_key IS NOT NULL));--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_master_check" CHECK ((master_key IS NULL OR has_watermark) AND (watermark_spend_id IS NULL OR master_key IS NOT NULL));