CREATE TABLE "courier_positions" (
	"merchant_id" uuid NOT NULL,
	"courier_id" uuid NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"heading" double precision,
	"accuracy" double precision,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "courier_positions_merchant_id_courier_id_pk" PRIMARY KEY("merchant_id","courier_id")
);
--> statement-breakpoint
CREATE TABLE "modification_branches" (
	"merchant_id" uuid NOT NULL,
	"modification_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modification_branches_merchant_id_modification_id_branch_id_pk" PRIMARY KEY("merchant_id","modification_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid,
	"order_number" integer,
	"status" text,
	"telegram_chat_id" text,
	"telegram_state" text DEFAULT 'NONE' NOT NULL,
	"telegram_tries" smallint DEFAULT 0 NOT NULL,
	"telegram_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "notifications_status_check" CHECK ("notifications"."status" in ('OPEN', 'ACCEPTED', 'CANCELED', 'CREATED', 'COOKING', 'DONE', 'ON_WAY', 'DELIVERED', 'CLOSED', 'ATTACHED', 'AT_TIME')),
	CONSTRAINT "notifications_telegram_state_check" CHECK ("notifications"."telegram_state" in ('NONE', 'PENDING', 'SENT', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"merchant_id" uuid NOT NULL,
	"id" bigint NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_events_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "order_events_type_check" CHECK ("order_events"."type" in ('order', 'position'))
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"branch_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "staff_role_check" CHECK ("staff"."role" in ('admin', 'operator', 'kitchen', 'courier'))
);
--> statement-breakpoint
CREATE TABLE "staff_login_failures" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"client_ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_login_failures_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_sessions_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "delivery_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_secrets" ADD COLUMN "telegram_bot_token" text;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "staff_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_status" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "operator_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cooking_time" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "telegram_chat_id" text;--> statement-breakpoint
ALTER TABLE "courier_positions" ADD CONSTRAINT "courier_positions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_positions" ADD CONSTRAINT "courier_positions_courier_fk" FOREIGN KEY ("merchant_id","courier_id") REFERENCES "public"."staff"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modification_branches" ADD CONSTRAINT "modification_branches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modification_branches" ADD CONSTRAINT "modification_branches_modification_fk" FOREIGN KEY ("merchant_id","modification_id") REFERENCES "public"."modifications"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modification_branches" ADD CONSTRAINT "modification_branches_branch_fk" FOREIGN KEY ("merchant_id","branch_id") REFERENCES "public"."branches"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_fk" FOREIGN KEY ("merchant_id","user_id") REFERENCES "public"."users"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_login_failures" ADD CONSTRAINT "staff_login_failures_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_fk" FOREIGN KEY ("merchant_id","staff_id") REFERENCES "public"."staff"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("merchant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_telegram_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."telegram_state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("merchant_id","order_id","id");--> statement-breakpoint
CREATE INDEX "order_events_at_idx" ON "order_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_merchant_phone_key" ON "staff" USING btree ("merchant_id","phone");--> statement-breakpoint
CREATE INDEX "staff_login_failures_phone_idx" ON "staff_login_failures" USING btree ("merchant_id","phone","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_sessions_token_key" ON "staff_sessions" USING btree ("merchant_id","token_hash");--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_staff_fk" FOREIGN KEY ("merchant_id","staff_id") REFERENCES "public"."staff"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_courier_fk" FOREIGN KEY ("merchant_id","courier_id") REFERENCES "public"."staff"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_operator_fk" FOREIGN KEY ("merchant_id","operator_id") REFERENCES "public"."staff"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_branch_idx" ON "orders" USING btree ("merchant_id","branch_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_courier_idx" ON "orders" USING btree ("merchant_id","courier_id") WHERE "orders"."courier_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_courier_status_check" CHECK ("orders"."courier_status" in ('', 'PERFORMER_LOOK_UP', 'PERFORMER_FOUND', 'PERFORMER_NOT_FOUND', 'PERFORMER_PICK_UP_ARRIVED', 'PERFORMER_PICKUPED', 'PERFORMER_ARRIVED', 'PERFORMER_DELIVERED_FINISH', 'PERFORMER_RETURNING', 'PERFORMER_RETURN_ARRIVED', 'PERFORMER_RETURNED_FINISH', 'NEW_ORDER', 'ESTIMATING_FAILED', 'READY_FOR_APPROVAL', 'FAILED', 'CANCELLED', 'ACCEPTED'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cooking_time_check" CHECK ("orders"."cooking_time" is null or "orders"."cooking_time" between 1 and 240);