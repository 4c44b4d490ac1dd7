CREATE TABLE "click_transactions" (
	"merchant_id" uuid NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "click_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"click_trans_id" text NOT NULL,
	"click_paydoc_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"state" text NOT NULL,
	"click_error" integer,
	"prepared_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "click_transactions_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "click_transactions_state_check" CHECK ("click_transactions"."state" in ('PREPARED', 'COMPLETED', 'CANCELLED')),
	CONSTRAINT "click_transactions_amount_check" CHECK ("click_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payme_transactions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"payme_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"state" smallint NOT NULL,
	"reason" smallint,
	"payme_time" bigint NOT NULL,
	"create_time" bigint NOT NULL,
	"perform_time" bigint,
	"cancel_time" bigint,
	"fiscal_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "payme_transactions_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "payme_transactions_state_check" CHECK ("payme_transactions"."state" in (1, 2, -1, -2)),
	CONSTRAINT "payme_transactions_reason_check" CHECK ("payme_transactions"."reason" in (1, 2, 3, 4, 5, 10)),
	CONSTRAINT "payme_transactions_amount_check" CHECK ("payme_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"merchant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"credentials" text NOT NULL,
	"lookup" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_merchant_id_provider_pk" PRIMARY KEY("merchant_id","provider"),
	CONSTRAINT "payment_accounts_provider_check" CHECK ("payment_accounts"."provider" in ('PAYME', 'CLICK', 'UZUM'))
);
--> statement-breakpoint
CREATE TABLE "uzum_transactions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"trans_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"state" text NOT NULL,
	"trans_time" bigint NOT NULL,
	"confirm_time" bigint,
	"reverse_time" bigint,
	CONSTRAINT "uzum_transactions_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "uzum_transactions_state_check" CHECK ("uzum_transactions"."state" in ('CREATED', 'CONFIRMED', 'REVERSED', 'FAILED')),
	CONSTRAINT "uzum_transactions_amount_check" CHECK ("uzum_transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_percent" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "click_transactions" ADD CONSTRAINT "click_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_transactions" ADD CONSTRAINT "click_transactions_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payme_transactions" ADD CONSTRAINT "payme_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payme_transactions" ADD CONSTRAINT "payme_transactions_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uzum_transactions" ADD CONSTRAINT "uzum_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uzum_transactions" ADD CONSTRAINT "uzum_transactions_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "click_transactions_click_trans_id_key" ON "click_transactions" USING btree ("merchant_id","click_trans_id");--> statement-breakpoint
CREATE UNIQUE INDEX "click_transactions_completed_order_key" ON "click_transactions" USING btree ("merchant_id","order_id") WHERE "click_transactions"."state" = 'COMPLETED';--> statement-breakpoint
CREATE UNIQUE INDEX "payme_transactions_payme_id_key" ON "payme_transactions" USING btree ("merchant_id","payme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payme_transactions_live_order_key" ON "payme_transactions" USING btree ("merchant_id","order_id") WHERE "payme_transactions"."state" in (1, 2);--> statement-breakpoint
CREATE INDEX "payme_transactions_payme_id_idx" ON "payme_transactions" USING btree ("payme_id");--> statement-breakpoint
CREATE INDEX "payme_transactions_time_idx" ON "payme_transactions" USING btree ("merchant_id","payme_time");--> statement-breakpoint
CREATE INDEX "payment_accounts_lookup_idx" ON "payment_accounts" USING btree ("provider","lookup");--> statement-breakpoint
CREATE UNIQUE INDEX "uzum_transactions_trans_id_key" ON "uzum_transactions" USING btree ("merchant_id","trans_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uzum_transactions_confirmed_order_key" ON "uzum_transactions" USING btree ("merchant_id","order_id") WHERE "uzum_transactions"."state" = 'CONFIRMED';--> statement-breakpoint
CREATE INDEX "uzum_transactions_trans_id_idx" ON "uzum_transactions" USING btree ("trans_id");--> statement-breakpoint
CREATE INDEX "orders_id_idx" ON "orders" USING btree ("id");