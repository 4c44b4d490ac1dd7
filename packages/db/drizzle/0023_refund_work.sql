ALTER TABLE "orders" ADD COLUMN "refund_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_done_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "click_transactions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_done_by_fk" FOREIGN KEY ("merchant_id","refund_done_by") REFERENCES "public"."staff"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_refund_idx" ON "orders" USING btree ("merchant_id","refund_started_at") WHERE "orders"."refund_state" in ('STARTED', 'FAILED');