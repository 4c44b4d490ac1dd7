CREATE TABLE "audit_log" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"actor_role" text DEFAULT '' NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_log_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('create', 'update', 'delete', 'archive', 'restore', 'import', 'bulk'))
);
--> statement-breakpoint
CREATE TABLE "branch_special_days" (
	"merchant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"date" text NOT NULL,
	"is_day_off" boolean DEFAULT true NOT NULL,
	"open" text,
	"close" text,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "branch_special_days_merchant_id_branch_id_date_pk" PRIMARY KEY("merchant_id","branch_id","date")
);
--> statement-breakpoint
CREATE TABLE "dining_tables" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"branch_id" uuid NOT NULL,
	"hall_id" uuid NOT NULL,
	"name" text NOT NULL,
	"seats" integer DEFAULT 2 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "dining_tables_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "halls" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"branch_id" uuid NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "halls_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_role_check";--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_policies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "modification_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "modifications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "old_price" integer;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "total_limit" integer;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_special_days" ADD CONSTRAINT "branch_special_days_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_special_days" ADD CONSTRAINT "branch_special_days_branch_fk" FOREIGN KEY ("merchant_id","branch_id") REFERENCES "public"."branches"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_branch_fk" FOREIGN KEY ("merchant_id","branch_id") REFERENCES "public"."branches"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_hall_fk" FOREIGN KEY ("merchant_id","hall_id") REFERENCES "public"."halls"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "halls" ADD CONSTRAINT "halls_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "halls" ADD CONSTRAINT "halls_branch_fk" FOREIGN KEY ("merchant_id","branch_id") REFERENCES "public"."branches"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("merchant_id","object_type","object_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("merchant_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_name_key" ON "dining_tables" USING btree ("merchant_id","branch_id","name");--> statement-breakpoint
CREATE INDEX "halls_branch_idx" ON "halls" USING btree ("merchant_id","branch_id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_check" CHECK ("staff"."role" in ('owner', 'admin', 'manager', 'operator', 'kitchen', 'courier'));--> statement-breakpoint
-- What the storefront shows changes within seconds on every instance (issue 28): the tables the back office writes
-- that the catalogue trigger did not cover yet NOTIFY dx_catalogue too (their brand's page cache and menu listen).
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "branch_special_days" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "banners" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "stories" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER dx_catalogue_changed AFTER INSERT OR UPDATE OR DELETE ON "company_policies" FOR EACH ROW EXECUTE FUNCTION dx_catalogue_changed();
--> statement-breakpoint
-- The merchants row is keyed by its own id: its name, logo, colour and whether it is active.
CREATE FUNCTION dx_merchant_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('dx_catalogue', OLD.id::text);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('dx_catalogue', NEW.id::text);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER dx_merchant_changed AFTER UPDATE OR DELETE ON "merchants" FOR EACH ROW EXECUTE FUNCTION dx_merchant_changed();
