CREATE TABLE "reservations" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"branch_id" uuid NOT NULL,
	"user_id" uuid,
	"hall_id" uuid,
	"table_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"guests" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"cancel_reason" text,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('REQUESTED', 'CONFIRMED', 'SEATED', 'COMPLETED', 'NO_SHOW', 'CANCELLED')),
	CONSTRAINT "reservations_guests_check" CHECK ("reservations"."guests" > 0),
	CONSTRAINT "reservations_stay_check" CHECK ("reservations"."ends_at" > "reservations"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_branch_fk" FOREIGN KEY ("merchant_id","branch_id") REFERENCES "public"."branches"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_fk" FOREIGN KEY ("merchant_id","user_id") REFERENCES "public"."users"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_branch_time_idx" ON "reservations" USING btree ("merchant_id","branch_id","starts_at");--> statement-breakpoint
CREATE INDEX "reservations_user_idx" ON "reservations" USING btree ("merchant_id","user_id","starts_at");