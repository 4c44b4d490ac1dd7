CREATE TABLE "cashback_entries" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_entries_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "cashback_entries_kind_check" CHECK ("cashback_entries"."kind" in ('OPENING', 'SPENT', 'EARNED', 'RETURNED')),
	CONSTRAINT "cashback_entries_amount_check" CHECK ("cashback_entries"."amount" <> 0 and "cashback_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"body_hash" text NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_merchant_id_user_id_key_pk" PRIMARY KEY("merchant_id","user_id","key")
);
--> statement-breakpoint
CREATE TABLE "merchant_order_settings" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"lead_time_minutes" integer DEFAULT 45 NOT NULL,
	"unpaid_cancel_minutes" integer DEFAULT 20 NOT NULL,
	"cashback_percent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_order_settings_lead_time_check" CHECK ("merchant_order_settings"."lead_time_minutes" between 0 and 1440),
	CONSTRAINT "merchant_order_settings_unpaid_check" CHECK ("merchant_order_settings"."unpaid_cancel_minutes" between 1 and 1440),
	CONSTRAINT "merchant_order_settings_cashback_check" CHECK ("merchant_order_settings"."cashback_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "order_counters" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	"stock_taken" boolean DEFAULT false NOT NULL,
	"unit_price" integer NOT NULL,
	"modifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gross" integer NOT NULL,
	"discount" integer NOT NULL,
	"net" integer NOT NULL,
	CONSTRAINT "order_lines_merchant_id_order_id_position_pk" PRIMARY KEY("merchant_id","order_id","position"),
	CONSTRAINT "order_lines_amounts_check" CHECK ("order_lines"."count" > 0 and "order_lines"."unit_price" >= 0 and "order_lines"."gross" >= 0 and "order_lines"."discount" >= 0 and "order_lines"."net" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"role" text NOT NULL,
	"reason" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_status_history_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "order_status_history_from_status_check" CHECK ("order_status_history"."from_status" in ('OPEN', 'ACCEPTED', 'CANCELED', 'CREATED', 'COOKING', 'DONE', 'ON_WAY', 'DELIVERED', 'CLOSED', 'ATTACHED', 'AT_TIME')),
	CONSTRAINT "order_status_history_to_status_check" CHECK ("order_status_history"."to_status" in ('OPEN', 'ACCEPTED', 'CANCELED', 'CREATED', 'COOKING', 'DONE', 'ON_WAY', 'DELIVERED', 'CLOSED', 'ATTACHED', 'AT_TIME')),
	CONSTRAINT "order_status_history_role_check" CHECK ("order_status_history"."role" in ('customer', 'operator', 'kitchen', 'courier', 'payment', 'system')),
	CONSTRAINT "order_status_history_reason_check" CHECK ("order_status_history"."reason" in ('PAID', 'UPDATE', 'PAID_AND_CHANGE_STATUS', 'CHANGE_STATUS', 'CHANGE_COURIER_STATUS', 'CHANGE_PAYMENT_TYPE', 'CHANGE_DELIVERY_TYPE'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"status" text NOT NULL,
	"service_type" text NOT NULL,
	"payment_type" text NOT NULL,
	"order_device" text NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"address" jsonb,
	"zone_id" uuid,
	"comment" text DEFAULT '' NOT NULL,
	"courier_comment" text DEFAULT '' NOT NULL,
	"receiver" jsonb,
	"send_cheque" boolean DEFAULT false NOT NULL,
	"send_cheque_phone" text,
	"hall_id" text,
	"table_id" text,
	"product_count" integer NOT NULL,
	"product_price" integer NOT NULL,
	"product_discount" integer NOT NULL,
	"promo_product_discount" integer NOT NULL,
	"delivery_price" integer NOT NULL,
	"delivery_discount" integer NOT NULL,
	"service_fee" integer NOT NULL,
	"total_discount" integer NOT NULL,
	"total_price" integer NOT NULL,
	"cashback" integer DEFAULT 0 NOT NULL,
	"cashback_earned" integer DEFAULT 0 NOT NULL,
	"promo_id" uuid,
	"promo_code" text,
	"delivery_at" timestamp with time zone,
	"opens_at" timestamp with time zone,
	"pay_until" timestamp with time zone,
	"reason" text,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('OPEN', 'ACCEPTED', 'CANCELED', 'CREATED', 'COOKING', 'DONE', 'ON_WAY', 'DELIVERED', 'CLOSED', 'ATTACHED', 'AT_TIME')),
	CONSTRAINT "orders_service_type_check" CHECK ("orders"."service_type" in ('DELIVERY', 'PICK_UP', 'DINE_IN', 'YANDEX_EATS', 'EXPRESS_24')),
	CONSTRAINT "orders_payment_type_check" CHECK ("orders"."payment_type" in ('CASH', 'CLICK', 'PAYNET', 'TERMINAL', 'PAYME', 'UZUM', 'OTHER', 'RAHMAT', 'PAYZE', 'CLICK_MINI_APP')),
	CONSTRAINT "orders_order_device_check" CHECK ("orders"."order_device" in ('LAPOSTER', 'OPERATOR', 'INSTAGRAM', 'CLIENT_APP', 'TELEGRAM_BOT', 'CLIENT', 'CLIENT_WEB', 'CLIENT_IOS', 'CLICK_MINI_APP', 'CLIENT_ANDROID', 'CLIENT_WEB_MOBILE', 'CLIENT_WEB_DESKTOP', 'INTEGRATION_APP')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."number" > 0 and "orders"."product_count" >= 0 and "orders"."product_price" >= 0 and "orders"."product_discount" >= 0 and "orders"."promo_product_discount" >= 0
        and "orders"."delivery_price" >= 0 and "orders"."delivery_discount" >= 0 and "orders"."service_fee" >= 0 and "orders"."total_discount" >= 0 and "orders"."total_price" >= 0
        and "orders"."cashback" >= 0 and "orders"."cashback_earned" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"iiko_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"web_enabled" boolean DEFAULT true NOT NULL,
	"bot_enabled" boolean DEFAULT true NOT NULL,
	"app_enabled" boolean DEFAULT true NOT NULL,
	"qr_enabled" boolean DEFAULT true NOT NULL,
	"operator_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_methods_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "payment_methods_type_check" CHECK ("payment_methods"."type" in ('CASH', 'CLICK', 'PAYNET', 'TERMINAL', 'PAYME', 'UZUM', 'OTHER', 'RAHMAT', 'PAYZE', 'CLICK_MINI_APP'))
);
--> statement-breakpoint
CREATE TABLE "promo_uses" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"promo_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_uses_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
ALTER TABLE "cashback_entries" ADD CONSTRAINT "cashback_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_entries" ADD CONSTRAINT "cashback_entries_user_fk" FOREIGN KEY ("merchant_id","user_id") REFERENCES "public"."users"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_entries" ADD CONSTRAINT "cashback_entries_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_fk" FOREIGN KEY ("merchant_id","user_id") REFERENCES "public"."users"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_order_settings" ADD CONSTRAINT "merchant_order_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_counters" ADD CONSTRAINT "order_counters_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_fk" FOREIGN KEY ("merchant_id","product_id") REFERENCES "public"."products"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_fk" FOREIGN KEY ("merchant_id","user_id") REFERENCES "public"."users"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_fk" FOREIGN KEY ("merchant_id","branch_id") REFERENCES "public"."branches"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_fk" FOREIGN KEY ("merchant_id","promo_id") REFERENCES "public"."promos"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_uses" ADD CONSTRAINT "promo_uses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_uses" ADD CONSTRAINT "promo_uses_promo_fk" FOREIGN KEY ("merchant_id","promo_id") REFERENCES "public"."promos"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_uses" ADD CONSTRAINT "promo_uses_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_uses" ADD CONSTRAINT "promo_uses_user_fk" FOREIGN KEY ("merchant_id","user_id") REFERENCES "public"."users"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashback_entries_user_idx" ON "cashback_entries" USING btree ("merchant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("merchant_id","order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("merchant_id","number");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("merchant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_opens_at_idx" ON "orders" USING btree ("merchant_id","opens_at") WHERE "orders"."status" = 'AT_TIME';--> statement-breakpoint
CREATE INDEX "orders_pay_until_idx" ON "orders" USING btree ("merchant_id","pay_until") WHERE "orders"."status" = 'CREATED';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_type_key" ON "payment_methods" USING btree ("merchant_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_uses_order_key" ON "promo_uses" USING btree ("merchant_id","order_id");--> statement-breakpoint
CREATE INDEX "promo_uses_promo_idx" ON "promo_uses" USING btree ("merchant_id","promo_id","user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cashback_check" CHECK ("users"."cashback" >= 0);--> statement-breakpoint
-- The ledger begins with each customer's balance as it stands, so the balance stays the sum of the entries.
INSERT INTO "cashback_entries" ("merchant_id", "user_id", "kind", "amount", "balance_after")
  SELECT "merchant_id", "id", 'OPENING', "cashback", "cashback" FROM "users" WHERE "cashback" > 0;
