ALTER TABLE "merchants" ADD COLUMN "company_id" uuid;--> statement-breakpoint
CREATE INDEX "merchants_company_id_idx" ON "merchants" USING btree ("company_id");