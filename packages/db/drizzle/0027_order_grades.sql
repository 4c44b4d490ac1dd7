CREATE TABLE "order_grades" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"grade" smallint NOT NULL,
	"comment" text,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_grades_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "order_grades_grade_check" CHECK ("order_grades"."grade" between 1 and 5),
	CONSTRAINT "order_grades_comment_check" CHECK (char_length("order_grades"."comment") <= 500)
);
--> statement-breakpoint
ALTER TABLE "order_grades" ADD CONSTRAINT "order_grades_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_grades" ADD CONSTRAINT "order_grades_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."orders"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_grades" ADD CONSTRAINT "order_grades_user_fk" FOREIGN KEY ("merchant_id","user_id") REFERENCES "public"."users"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_grades_order_key" ON "order_grades" USING btree ("merchant_id","order_id");--> statement-breakpoint
CREATE INDEX "order_grades_branch_idx" ON "order_grades" USING btree ("merchant_id","branch_id","created_at");