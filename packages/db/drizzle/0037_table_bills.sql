CREATE TABLE "table_bill_orders" (
	"merchant_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "table_bill_orders_merchant_id_bill_id_order_id_pk" PRIMARY KEY("merchant_id","bill_id","order_id"),
	CONSTRAINT "table_bill_orders_amount_check" CHECK ("table_bill_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "table_bills" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "table_bills_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "table_bills_provider_check" CHECK ("table_bills"."provider" in ('PAYME', 'CLICK', 'UZUM')),
	CONSTRAINT "table_bills_status_check" CHECK ("table_bills"."status" in ('OPEN', 'PAID', 'CANCELLED')),
	CONSTRAINT "table_bills_total_check" CHECK ("table_bills"."total" > 0)
);
--> statement-breakpoint
ALTER TABLE "payme_transactions" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payme_transactions" ADD COLUMN "bill_id" uuid;--> statement-breakpoint
ALTER TABLE "table_bill_orders" ADD CONSTRAINT "table_bill_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_orders" ADD CONSTRAINT "table_bill_orders_bill_fk" FOREIGN KEY ("merchant_id","bill_id") REFERENCES "public"."table_bills"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_orders" ADD CONSTRAINT "table_bill_orders_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bills" ADD CONSTRAINT "table_bills_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bills" ADD CONSTRAINT "table_bills_session_fk" FOREIGN KEY ("merchant_id","session_id") REFERENCES "public"."table_sessions"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_bill_orders_order_idx" ON "table_bill_orders" USING btree ("merchant_id","order_id");--> statement-breakpoint
CREATE INDEX "table_bills_session_idx" ON "table_bills" USING btree ("merchant_id","session_id","created_at");--> statement-breakpoint
CREATE INDEX "table_bills_id_idx" ON "table_bills" USING btree ("id");--> statement-breakpoint
ALTER TABLE "payme_transactions" ADD CONSTRAINT "payme_transactions_bill_fk" FOREIGN KEY ("merchant_id","bill_id") REFERENCES "public"."table_bills"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payme_transactions_live_bill_key" ON "payme_transactions" USING btree ("merchant_id","bill_id") WHERE "payme_transactions"."state" in (1, 2);--> statement-breakpoint
ALTER TABLE "payme_transactions" ADD CONSTRAINT "payme_transactions_payable_check" CHECK (("payme_transactions"."order_id" is null) <> ("payme_transactions"."bill_id" is null));