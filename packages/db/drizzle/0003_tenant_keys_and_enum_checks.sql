ALTER TABLE "branches" DROP CONSTRAINT "branches_city_id_cities_id_fk";
--> statement-breakpoint
ALTER TABLE "categories" DROP CONSTRAINT "categories_group_id_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_zones" DROP CONSTRAINT "delivery_zones_city_id_cities_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_zones" DROP CONSTRAINT "delivery_zones_branch_id_branches_id_fk";
--> statement-breakpoint
ALTER TABLE "grades" DROP CONSTRAINT "grades_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "grades" DROP CONSTRAINT "grades_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "modification_groups" DROP CONSTRAINT "modification_groups_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "modifications" DROP CONSTRAINT "modifications_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "modifications" DROP CONSTRAINT "modifications_group_id_modification_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "product_branches" DROP CONSTRAINT "product_branches_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "product_branches" DROP CONSTRAINT "product_branches_branch_id_branches_id_fk";
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_category_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "work_hours" DROP CONSTRAINT "work_hours_branch_id_branches_id_fk";
--> statement-breakpoint
DROP INDEX "banners_merchant_idx";--> statement-breakpoint
DROP INDEX "brands_merchant_idx";--> statement-breakpoint
DROP INDEX "categories_merchant_idx";--> statement-breakpoint
DROP INDEX "cities_merchant_idx";--> statement-breakpoint
DROP INDEX "groups_merchant_idx";--> statement-breakpoint
DROP INDEX "stories_merchant_idx";--> statement-breakpoint
DROP INDEX "sessions_token_key";--> statement-breakpoint
ALTER TABLE "banners" DROP CONSTRAINT "banners_pkey";--> statement-breakpoint
ALTER TABLE "branches" DROP CONSTRAINT "branches_pkey";--> statement-breakpoint
ALTER TABLE "brands" DROP CONSTRAINT "brands_pkey";--> statement-breakpoint
ALTER TABLE "categories" DROP CONSTRAINT "categories_pkey";--> statement-breakpoint
ALTER TABLE "cities" DROP CONSTRAINT "cities_pkey";--> statement-breakpoint
ALTER TABLE "delivery_zones" DROP CONSTRAINT "delivery_zones_pkey";--> statement-breakpoint
ALTER TABLE "groups" DROP CONSTRAINT "groups_pkey";--> statement-breakpoint
ALTER TABLE "modification_groups" DROP CONSTRAINT "modification_groups_pkey";--> statement-breakpoint
ALTER TABLE "modifications" DROP CONSTRAINT "modifications_pkey";--> statement-breakpoint
ALTER TABLE "otp_codes" DROP CONSTRAINT "otp_codes_pkey";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_pkey";--> statement-breakpoint
ALTER TABLE "promos" DROP CONSTRAINT "promos_pkey";--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_pkey";--> statement-breakpoint
ALTER TABLE "stories" DROP CONSTRAINT "stories_pkey";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_pkey";--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "modification_groups" ADD CONSTRAINT "modification_groups_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "modifications" ADD CONSTRAINT "modifications_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "promos" ADD CONSTRAINT "promos_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_city_fk" FOREIGN KEY ("merchant_id","city_id") REFERENCES "public"."cities"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_group_fk" FOREIGN KEY ("merchant_id","group_id") REFERENCES "public"."groups"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_city_fk" FOREIGN KEY ("merchant_id","city_id") REFERENCES "public"."cities"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_branch_fk" FOREIGN KEY ("merchant_id","branch_id") REFERENCES "public"."branches"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_product_fk" FOREIGN KEY ("merchant_id","product_id") REFERENCES "public"."products"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_user_fk" FOREIGN KEY ("merchant_id","user_id") REFERENCES "public"."users"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modification_groups" ADD CONSTRAINT "modification_groups_product_fk" FOREIGN KEY ("merchant_id","product_id") REFERENCES "public"."products"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifications" ADD CONSTRAINT "modifications_product_fk" FOREIGN KEY ("merchant_id","product_id") REFERENCES "public"."products"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifications" ADD CONSTRAINT "modifications_group_fk" FOREIGN KEY ("merchant_id","group_id") REFERENCES "public"."modification_groups"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_branches" ADD CONSTRAINT "product_branches_product_fk" FOREIGN KEY ("merchant_id","product_id") REFERENCES "public"."products"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_branches" ADD CONSTRAINT "product_branches_branch_fk" FOREIGN KEY ("merchant_id","branch_id") REFERENCES "public"."branches"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_fk" FOREIGN KEY ("merchant_id","category_id") REFERENCES "public"."categories"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_fk" FOREIGN KEY ("merchant_id","user_id") REFERENCES "public"."users"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_hours" ADD CONSTRAINT "work_hours_branch_fk" FOREIGN KEY ("merchant_id","branch_id") REFERENCES "public"."branches"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions" USING btree ("merchant_id","token_hash");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_view_type_check" CHECK ("categories"."view_type" in ('BIG', 'MEDIUM', 'SMALL'));--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_scroll_type_check" CHECK ("categories"."scroll_type" in ('VERTICAL', 'HORIZONTAL'));--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_navigation_type_check" CHECK ("categories"."navigation_type" in ('SHEET', 'POP_UP', 'FULL_SCREEN'));--> statement-breakpoint
ALTER TABLE "company_policies" ADD CONSTRAINT "company_policies_type_check" CHECK ("company_policies"."type" in ('TERMS', 'ABOUT_COMPANY', 'PRIVACY_POLICY'));--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD CONSTRAINT "merchant_settings_channel_check" CHECK ("merchant_settings"."channel" in ('WEB', 'CLICK_APP'));--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD CONSTRAINT "merchant_settings_main_language_check" CHECK ("merchant_settings"."main_language" in ('ru', 'uz', 'eng'));--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD CONSTRAINT "merchant_settings_forced_language_check" CHECK ("merchant_settings"."forced_language" in ('ru', 'uz', 'eng'));--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD CONSTRAINT "merchant_settings_map_type_check" CHECK ("merchant_settings"."map_type" in ('YANDEX', 'LEAFLET', 'LAMENU_YANDEX'));--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD CONSTRAINT "merchant_settings_main_color_type_check" CHECK ("merchant_settings"."main_color_type" in ('DARK', 'LIGHT'));--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD CONSTRAINT "merchant_settings_group_view_check" CHECK ("merchant_settings"."group_view" in ('GROUP', 'WITHOUT_GROUP'));--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD CONSTRAINT "merchant_settings_category_view_check" CHECK ("merchant_settings"."category_view" in ('ALL', 'ONE_CATEGORY', 'GROUP_CATEGORY'));--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD CONSTRAINT "merchant_settings_basket_position_check" CHECK ("merchant_settings"."basket_position" in ('NAVIGATION_BAR', 'FLOATING_OVER_PRODUCT'));--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD CONSTRAINT "merchant_settings_modification_view_type_check" CHECK ("merchant_settings"."modification_view_type" in ('NAME_ONLY', 'FULL_IMAGE'));--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_sms_gateway_check" CHECK ("merchants"."sms_gateway" in ('PLAY_MOBILE', 'ESKIZ', 'OUTBOX'));--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_sms_countries_check" CHECK ("merchants"."sms_countries" <@ array['UZ', 'KZ', 'RU', 'TR', 'CN', 'AE', 'SA', 'QA', 'KW', 'BH', 'OM', 'JO', 'IQ', 'EG', 'LB', 'SY', 'YE', 'PS', 'MA', 'DZ', 'TN', 'LY', 'SD']::text[]);--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_purpose_check" CHECK ("otp_codes"."purpose" in ('LOGIN', 'CHANGE_PHONE'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_check" CHECK ("products"."unit" in ('KG', 'LITER', 'GRAMM', 'COUNT'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_type_check" CHECK ("products"."type" in ('NONE', 'MODIFICATION'));--> statement-breakpoint
ALTER TABLE "promos" ADD CONSTRAINT "promos_discount_type_check" CHECK ("promos"."discount_type" in ('AMOUNT', 'PERCENTAGE'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gender_check" CHECK ("users"."gender" in ('male', 'female'));--> statement-breakpoint
ALTER TABLE "work_hours" ADD CONSTRAINT "work_hours_type_check" CHECK ("work_hours"."type" in ('DELIVERY', 'PICK_UP', 'DINE_IN'));--> statement-breakpoint
ALTER TABLE "work_hours" ADD CONSTRAINT "work_hours_week_name_check" CHECK ("work_hours"."week_name" in ('MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'));