ALTER TABLE "merchant_secrets" ADD COLUMN "telegram_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "telegram_bot_id" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "telegram_bot_username" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "telegram_user_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bot_language" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'WEB' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_merchant_telegram_key" ON "users" USING btree ("merchant_id","telegram_user_id") WHERE "users"."telegram_user_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bot_language_check" CHECK ("users"."bot_language" in ('ru', 'uz', 'eng'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_check" CHECK ("orders"."channel" in ('TG', 'WEB', 'APP', 'OPERATOR', 'QR', 'CLICK'));