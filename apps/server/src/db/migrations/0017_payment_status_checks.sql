CREATE TABLE "payment_status_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trigger" text NOT NULL,
	"status" text,
	"outcome" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_status_checks" ADD CONSTRAINT "payment_status_checks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_status_checks_payment_idx" ON "payment_status_checks" USING btree ("payment_id","created_at" DESC NULLS LAST);