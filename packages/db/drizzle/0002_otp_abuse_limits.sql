ALTER TABLE "merchants" ADD COLUMN "sms_countries" text[] DEFAULT '{"UZ"}' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "sms_budget_per_hour" integer;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "sms_budget_per_day" integer;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "subject" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "tries_by_address" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "otp_codes_merchant_created_idx" ON "otp_codes" USING btree ("merchant_id","created_at");