ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_source" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_by" text;--> statement-breakpoint
ALTER TABLE "payment_simulator_transactions" ADD COLUMN "refund_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK (entity_type IN ('user', 'style', 'style_preview_pair', 'upload', 'setting', 'ai_config', 'banned_keyword', 'referral', 'custom_profession_config', 'feedback', 'system', 'payment'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_source_check" CHECK (refund_source IN ('gateway', 'manual', 'notification'));