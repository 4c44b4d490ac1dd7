CREATE TABLE "table_sessions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"hall_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	CONSTRAINT "table_sessions_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "waiter_calls" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone,
	"taken_by" uuid,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	CONSTRAINT "waiter_calls_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "waiter_calls_kind_check" CHECK ("waiter_calls"."kind" in ('WAITER', 'BILL_CASH', 'BILL_CARD')),
	CONSTRAINT "waiter_calls_status_check" CHECK ("waiter_calls"."status" in ('OPEN', 'TAKEN', 'CLOSED'))
);
--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_role_check";--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD COLUMN "qr_guest_orders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "table_session_id" uuid;--> statement-breakpoint
ALTER TABLE "table_sessions" ADD CONSTRAINT "table_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_sessions" ADD CONSTRAINT "table_sessions_branch_fk" FOREIGN KEY ("merchant_id","branch_id") REFERENCES "public"."branches"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_sessions" ADD CONSTRAINT "table_sessions_table_fk" FOREIGN KEY ("merchant_id","table_id") REFERENCES "public"."dining_tables"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_session_fk" FOREIGN KEY ("merchant_id","session_id") REFERENCES "public"."table_sessions"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "table_sessions_open_key" ON "table_sessions" USING btree ("merchant_id","table_id") WHERE "table_sessions"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "table_sessions_branch_idx" ON "table_sessions" USING btree ("merchant_id","branch_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waiter_calls_open_key" ON "waiter_calls" USING btree ("merchant_id","table_id","kind") WHERE "waiter_calls"."status" <> 'CLOSED';--> statement-breakpoint
CREATE INDEX "waiter_calls_branch_idx" ON "waiter_calls" USING btree ("merchant_id","branch_id","status");--> statement-breakpoint
CREATE INDEX "waiter_calls_session_idx" ON "waiter_calls" USING btree ("merchant_id","session_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_table_session_idx" ON "orders" USING btree ("merchant_id","table_session_id") WHERE "orders"."table_session_id" is not null;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_check" CHECK ("staff"."role" in ('owner', 'admin', 'manager', 'operator', 'kitchen', 'courier', 'waiter'));