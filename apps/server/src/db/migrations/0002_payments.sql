CREATE TABLE "payment_simulator_transactions" (
	"order_id" text PRIMARY KEY NOT NULL,
	"transaction_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"gross_amount" integer NOT NULL,
	"item_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"finish_url" text NOT NULL,
	"status" text,
	"payment_type" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_tx_amount_check" CHECK ("payment_simulator_transactions"."gross_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_spends" DROP CONSTRAINT "credit_spends_reason_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_user_plan_status_idx" ON "payments" USING btree ("user_id","plan_id","status");--> statement-breakpoint
ALTER TABLE "credit_spends" ADD CONSTRAINT "credit_spends_reason_check" CHECK (reason IN ('avatar', 'kanvas', 'custom_profession', 'admin_adjustment', 'payment_refund'));