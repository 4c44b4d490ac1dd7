ALTER TABLE "click_transactions" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uzum_transactions" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "click_transactions" ADD COLUMN "bill_id" uuid;--> statement-breakpoint
ALTER TABLE "uzum_transactions" ADD COLUMN "bill_id" uuid;--> statement-breakpoint
ALTER TABLE "click_transactions" ADD CONSTRAINT "click_transactions_bill_fk" FOREIGN KEY ("merchant_id","bill_id") REFERENCES "public"."table_bills"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uzum_transactions" ADD CONSTRAINT "uzum_transactions_bill_fk" FOREIGN KEY ("merchant_id","bill_id") REFERENCES "public"."table_bills"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "click_transactions_completed_bill_key" ON "click_transactions" USING btree ("merchant_id","bill_id") WHERE "click_transactions"."state" = 'COMPLETED';--> statement-breakpoint
CREATE UNIQUE INDEX "uzum_transactions_confirmed_bill_key" ON "uzum_transactions" USING btree ("merchant_id","bill_id") WHERE "uzum_transactions"."state" = 'CONFIRMED';--> statement-breakpoint
ALTER TABLE "click_transactions" ADD CONSTRAINT "click_transactions_payable_check" CHECK (("click_transactions"."order_id" is null) <> ("click_transactions"."bill_id" is null));--> statement-breakpoint
ALTER TABLE "uzum_transactions" ADD CONSTRAINT "uzum_transactions_payable_check" CHECK (("uzum_transactions"."order_id" is null) <> ("uzum_transactions"."bill_id" is null));