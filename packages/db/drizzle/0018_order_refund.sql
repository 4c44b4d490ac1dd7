ALTER TABLE "orders" ADD COLUMN "refund_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_state_check" CHECK ("orders"."refund_state" in ('STARTED', 'DONE', 'FAILED'));