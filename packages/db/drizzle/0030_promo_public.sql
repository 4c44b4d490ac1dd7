ALTER TABLE "merchant_settings" ADD COLUMN "promo_legal_text_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;