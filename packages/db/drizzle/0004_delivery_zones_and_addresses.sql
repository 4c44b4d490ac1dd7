CREATE TABLE "addresses" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text DEFAULT 'HOUSE' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"street_name" text DEFAULT '' NOT NULL,
	"house_number" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"city_id" uuid,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "addresses_type_check" CHECK ("addresses"."type" in ('HOUSE', 'APARTMENT'))
);
--> statement-breakpoint
ALTER TABLE "delivery_zones" ALTER COLUMN "polygon" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "area" jsonb;--> statement-breakpoint
UPDATE "delivery_zones" SET "area" = jsonb_build_array(jsonb_build_object('outer', "polygon", 'holes', '[]'::jsonb));--> statement-breakpoint
ALTER TABLE "delivery_zones" ALTER COLUMN "area" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "bands" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "free_above" integer;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "min_order_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_fk" FOREIGN KEY ("merchant_id","user_id") REFERENCES "public"."users"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_city_fk" FOREIGN KEY ("merchant_id","city_id") REFERENCES "public"."cities"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("merchant_id","user_id");