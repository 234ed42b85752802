ALTER TABLE "generation_jobs" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
CREATE INDEX "generation_jobs_batch_idx" ON "generation_jobs" USING btree ("batch_id") WHERE batch_id IS NOT NULL;