CREATE TABLE "card_payments" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"state" text NOT NULL,
	"click_payment_id" text,
	"payment_status" integer,
	"click_error" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "card_payments_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "card_payments_state_check" CHECK ("card_payments"."state" in ('PENDING', 'PAID', 'FAILED', 'REFUNDED', 'REFUND_FAILED')),
	CONSTRAINT "card_payments_amount_check" CHECK ("card_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"masked_number" text NOT NULL,
	"expiry" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"wrong_codes" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "saved_cards_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "saved_cards_provider_check" CHECK ("saved_cards"."provider" in ('CLICK')),
	CONSTRAINT "saved_cards_state_check" CHECK ("saved_cards"."state" in ('PENDING', 'VERIFIED'))
);
--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_card_fk" FOREIGN KEY ("merchant_id","card_id") REFERENCES "public"."saved_cards"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_fk" FOREIGN KEY ("merchant_id","user_id") REFERENCES "public"."users"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_live_order_key" ON "card_payments" USING btree ("merchant_id","order_id") WHERE "card_payments"."state" in ('PENDING', 'PAID');--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("merchant_id","user_id","created_at");