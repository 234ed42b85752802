ALTER TABLE "kanvas_images" ADD COLUMN "display_key" text;--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "display_key" text;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "kanvas_images" ADD CONSTRAINT "kanvas_images_size_check" CHECK (("kanvas_images"."width" IS NULL AND "kanvas_images"."height" IS NULL) OR ("kanvas_images"."width" IS NOT NULL AND "kanvas_images"."height" IS NOT NULL AND "kanvas_images"."width" > 0 AND "kanvas_images"."height" > 0));--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_size_check" CHECK (("results"."width" IS NULL AND "results"."height" IS NULL) OR ("results"."width" IS NOT NULL AND "results"."height" IS NOT NULL AND "results"."width" > 0 AND "results"."height" > 0));