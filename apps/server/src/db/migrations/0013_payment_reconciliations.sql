CREATE TABLE "payment_reconciliations" (
	"day" text NOT NULL,
	"method" text NOT NULL,
	"paid_orders" integer NOT NULL,
	"paid_amount_idr" bigint NOT NULL,
	"credits_granted" integer NOT NULL,
	"refunded_orders" integer NOT NULL,
	"refunded_amount_idr" bigint NOT NULL,
	"credits_revoked" integer NOT NULL,
	"differences" jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_reconciliations_day_method_pk" PRIMARY KEY("day","method")
);
