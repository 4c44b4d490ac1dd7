CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"product_id" uuid,
	"priority" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"city_id" uuid NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"booking_phone" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"delivery_price" integer DEFAULT 0 NOT NULL,
	"delivery_start" text,
	"delivery_end" text,
	"delivery_min_amount" integer DEFAULT 0 NOT NULL,
	"join_poster_id" text,
	"jowi_id" text,
	"iiko_id" text,
	"company_id" text,
	"payment_id" text,
	"settings" jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"domain_url" text,
	"color" text DEFAULT '#FCE000' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"group_id" uuid,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"text_color" text DEFAULT '' NOT NULL,
	"view_type" text DEFAULT 'MEDIUM' NOT NULL,
	"scroll_type" text DEFAULT 'VERTICAL' NOT NULL,
	"navigation_type" text DEFAULT 'SHEET' NOT NULL,
	"is_without_cart" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"is_taximeter" boolean DEFAULT false NOT NULL,
	"time_zone" text DEFAULT 'Asia/Tashkent' NOT NULL,
	"taximeter_comment_uz" text DEFAULT '' NOT NULL,
	"taximeter_comment_ru" text DEFAULT '' NOT NULL,
	"taximeter_comment_en" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_policies" (
	"merchant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"text" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "company_policies_merchant_id_type_pk" PRIMARY KEY("merchant_id","type")
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"city_id" uuid NOT NULL,
	"branch_id" uuid,
	"name" text NOT NULL,
	"color" text DEFAULT '#3b82f6' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"polygon" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"merchant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"grade" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grades_merchant_id_product_id_user_id_pk" PRIMARY KEY("merchant_id","product_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"bg_color" text DEFAULT '' NOT NULL,
	"icon_bg_color" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_secrets" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"sms_credentials" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pos_keys" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_keys" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"yandex_map_key" text DEFAULT '' NOT NULL,
	"yandex_delivery_key" text DEFAULT '' NOT NULL,
	"app_id" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_settings" (
	"merchant_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"banners_active" boolean DEFAULT true NOT NULL,
	"uz_lang_active" boolean DEFAULT true NOT NULL,
	"ru_lang_active" boolean DEFAULT true NOT NULL,
	"eng_lang_active" boolean DEFAULT true NOT NULL,
	"zh_lang_active" boolean DEFAULT false NOT NULL,
	"ar_lang_active" boolean DEFAULT false NOT NULL,
	"kz_lang_active" boolean DEFAULT false NOT NULL,
	"tr_lang_active" boolean DEFAULT false NOT NULL,
	"delivery_active" boolean DEFAULT true NOT NULL,
	"pickup_active" boolean DEFAULT true NOT NULL,
	"dine_in_active" boolean DEFAULT false NOT NULL,
	"branches_active" boolean DEFAULT true NOT NULL,
	"stories_active" boolean DEFAULT true NOT NULL,
	"vacancies_active" boolean DEFAULT false NOT NULL,
	"privacy_active" boolean DEFAULT true NOT NULL,
	"about_merchant_active" boolean DEFAULT true NOT NULL,
	"terms_of_use_active" boolean DEFAULT true NOT NULL,
	"ios_app_active" boolean DEFAULT false NOT NULL,
	"android_app_active" boolean DEFAULT false NOT NULL,
	"telegram_bot_active" boolean DEFAULT false NOT NULL,
	"phone_active" boolean DEFAULT true NOT NULL,
	"telegram_active" boolean DEFAULT false NOT NULL,
	"instagram_active" boolean DEFAULT false NOT NULL,
	"facebook_active" boolean DEFAULT false NOT NULL,
	"is_dark" boolean DEFAULT false NOT NULL,
	"notifications_active" boolean DEFAULT false NOT NULL,
	"balance_active" boolean DEFAULT false NOT NULL,
	"cart_in_main_active" boolean DEFAULT true NOT NULL,
	"booking_active" boolean DEFAULT false NOT NULL,
	"cash_active" boolean DEFAULT true NOT NULL,
	"terminal_active" boolean DEFAULT false NOT NULL,
	"payme_active" boolean DEFAULT false NOT NULL,
	"click_active" boolean DEFAULT false NOT NULL,
	"uzum_active" boolean DEFAULT false NOT NULL,
	"receiver_active" boolean DEFAULT false NOT NULL,
	"cart_page_active" boolean DEFAULT true NOT NULL,
	"chat_active" boolean DEFAULT false NOT NULL,
	"amo_crm_active" boolean DEFAULT false NOT NULL,
	"yandex_metrics_enabled" boolean DEFAULT false NOT NULL,
	"cashback_active" boolean DEFAULT false NOT NULL,
	"promo_active" boolean DEFAULT true NOT NULL,
	"favourite_active" boolean DEFAULT false NOT NULL,
	"cancel_order_active" boolean DEFAULT true NOT NULL,
	"card_active" boolean DEFAULT false NOT NULL,
	"product_comment" boolean DEFAULT false NOT NULL,
	"is_visible_at_profile_top" boolean DEFAULT false NOT NULL,
	"is_navigation_view_enabled" boolean DEFAULT false NOT NULL,
	"multi_tab_navigation_enabled" boolean DEFAULT false NOT NULL,
	"should_validate_delivery_area" boolean DEFAULT true NOT NULL,
	"is_category_image_visible" boolean DEFAULT false NOT NULL,
	"meta_pixel_active" boolean DEFAULT false NOT NULL,
	"google_tag_manager_active" boolean DEFAULT false NOT NULL,
	"is_sms_confirmation_required_per_order" boolean DEFAULT false NOT NULL,
	"branch_first_landing" boolean DEFAULT false NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"favicon" text DEFAULT '' NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"ios_app_link" text DEFAULT '' NOT NULL,
	"android_app_link" text DEFAULT '' NOT NULL,
	"telegram_bot_link" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"telegram" text DEFAULT '' NOT NULL,
	"instagram" text DEFAULT '' NOT NULL,
	"facebook" text DEFAULT '' NOT NULL,
	"sms_content" text DEFAULT '' NOT NULL,
	"amo_crm_id" text DEFAULT '' NOT NULL,
	"amo_crm_hash" text DEFAULT '' NOT NULL,
	"yandex_metrics_id" text DEFAULT '' NOT NULL,
	"meta_pixel_content" text DEFAULT '' NOT NULL,
	"meta_pixel_id" text DEFAULT '' NOT NULL,
	"google_tag_manager_id" text DEFAULT '' NOT NULL,
	"main_color" text DEFAULT '#FCE000' NOT NULL,
	"main_language" text DEFAULT 'ru' NOT NULL,
	"forced_language" text,
	"yandex_metrics_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"left_copy_write" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"right_copy_write" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"map_type" text DEFAULT 'YANDEX' NOT NULL,
	"main_color_type" text DEFAULT 'DARK' NOT NULL,
	"group_view" text DEFAULT 'GROUP' NOT NULL,
	"category_view" text DEFAULT 'ALL' NOT NULL,
	"basket_position" text DEFAULT 'NAVIGATION_BAR' NOT NULL,
	"modification_view_type" text DEFAULT 'NAME_ONLY' NOT NULL,
	CONSTRAINT "merchant_settings_merchant_id_channel_pk" PRIMARY KEY("merchant_id","channel")
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '#FCE000' NOT NULL,
	"sub" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"latitude" double precision DEFAULT 41.322711 NOT NULL,
	"longitude" double precision DEFAULT 69.241084 NOT NULL,
	"main_city_id" uuid,
	"sms_gateway" text DEFAULT 'OUTBOX' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_sub_unique" UNIQUE("sub")
);
--> statement-breakpoint
CREATE TABLE "modification_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"min" integer DEFAULT 0 NOT NULL,
	"max" integer DEFAULT 1 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"client_ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_branches" (
	"merchant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "product_branches_merchant_id_product_id_branch_id_pk" PRIMARY KEY("merchant_id","product_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cost_price" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"additional_price" integer DEFAULT 0 NOT NULL,
	"unit" text DEFAULT 'COUNT' NOT NULL,
	"type" text DEFAULT 'NONE' NOT NULL,
	"count" integer,
	"amount" double precision,
	"calorie" integer,
	"measure" double precision,
	"priority" integer DEFAULT 0 NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"barcode" text,
	"mxic_code" text,
	"time_cooking_min" integer,
	"time_cooking_max" integer,
	"is_available" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"delivery_enabled" boolean DEFAULT true NOT NULL,
	"enabled_eats" boolean DEFAULT false NOT NULL,
	"eats_price" integer,
	"enabled_express" boolean DEFAULT false NOT NULL,
	"express_price" integer,
	"is_cart_recommendation" boolean DEFAULT false NOT NULL,
	"systems" jsonb DEFAULT '["WEB","TELEGRAM","QR","APP"]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"product_discount" integer DEFAULT 0 NOT NULL,
	"delivery_discount" integer DEFAULT 0 NOT NULL,
	"min_price" integer DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_fee_settings" (
	"merchant_id" uuid NOT NULL,
	"city_id" uuid NOT NULL,
	"is_service_fee_enabled" boolean DEFAULT false NOT NULL,
	"is_service_fee_free_above_threshold" boolean DEFAULT false NOT NULL,
	"service_fee_threshold" integer DEFAULT 0 NOT NULL,
	"service_fee_amount" integer DEFAULT 0 NOT NULL,
	"minimal_delivery_price" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_fee_settings_merchant_id_city_id_pk" PRIMARY KEY("merchant_id","city_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preview" text NOT NULL,
	"slides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"phone" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"birthday" date,
	"image" text,
	"gender" text,
	"role" text DEFAULT 'CLIENT' NOT NULL,
	"cashback" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_hours" (
	"merchant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"type" text NOT NULL,
	"week_name" text NOT NULL,
	"open" text NOT NULL,
	"close" text NOT NULL,
	"extra_open" text,
	"extra_close" text,
	"is_day_off" boolean DEFAULT false NOT NULL,
	CONSTRAINT "work_hours_merchant_id_branch_id_type_week_name_pk" PRIMARY KEY("merchant_id","branch_id","type","week_name")
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_policies" ADD CONSTRAINT "company_policies_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_secrets" ADD CONSTRAINT "merchant_secrets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD CONSTRAINT "merchant_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modification_groups" ADD CONSTRAINT "modification_groups_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modification_groups" ADD CONSTRAINT "modification_groups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifications" ADD CONSTRAINT "modifications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifications" ADD CONSTRAINT "modifications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifications" ADD CONSTRAINT "modifications_group_id_modification_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."modification_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_branches" ADD CONSTRAINT "product_branches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_branches" ADD CONSTRAINT "product_branches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_branches" ADD CONSTRAINT "product_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promos" ADD CONSTRAINT "promos_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_fee_settings" ADD CONSTRAINT "service_fee_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_hours" ADD CONSTRAINT "work_hours_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_hours" ADD CONSTRAINT "work_hours_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_merchant_idx" ON "banners" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "branches_merchant_idx" ON "branches" USING btree ("merchant_id","city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_domain_url_key" ON "brands" USING btree ("domain_url");--> statement-breakpoint
CREATE INDEX "brands_merchant_idx" ON "brands" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "categories_merchant_idx" ON "categories" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "cities_merchant_idx" ON "cities" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "delivery_zones_merchant_idx" ON "delivery_zones" USING btree ("merchant_id","city_id");--> statement-breakpoint
CREATE INDEX "groups_merchant_idx" ON "groups" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "modification_groups_product_idx" ON "modification_groups" USING btree ("merchant_id","product_id");--> statement-breakpoint
CREATE INDEX "modifications_product_idx" ON "modifications" USING btree ("merchant_id","product_id");--> statement-breakpoint
CREATE INDEX "otp_codes_phone_idx" ON "otp_codes" USING btree ("merchant_id","phone","created_at");--> statement-breakpoint
CREATE INDEX "products_merchant_idx" ON "products" USING btree ("merchant_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promos_merchant_code_key" ON "promos" USING btree ("merchant_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("merchant_id","user_id");--> statement-breakpoint
CREATE INDEX "stories_merchant_idx" ON "stories" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_merchant_phone_key" ON "users" USING btree ("merchant_id","phone") WHERE "users"."phone" is not null;