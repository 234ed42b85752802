CREATE SEQUENCE "public"."invoice_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
-- Orders paid before receipts existed get their numbers in the order they were paid.
WITH numbered AS (
  SELECT "id", row_number() OVER (ORDER BY "paid_at", "id") AS n FROM "payments" WHERE "paid_at" IS NOT NULL
)
UPDATE "payments" SET "invoice_number" = numbered.n FROM numbered WHERE "payments"."id" = numbered."id";--> statement-breakpoint
SELECT setval('invoice_numbers', coalesce((SELECT max("invoice_number") FROM "payments"), 0) + 1, false);
