ALTER TABLE "uploads" ADD COLUMN "face_count" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "face_check" jsonb;