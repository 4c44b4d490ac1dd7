CREATE TABLE "chat_conversations" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid,
	"branch_id" uuid,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"customer_unread" integer DEFAULT 0 NOT NULL,
	"staff_unread" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	CONSTRAINT "chat_conversations_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "chat_conversations_status_check" CHECK ("chat_conversations"."status" in ('OPEN', 'CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author" text NOT NULL,
	"staff_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "chat_messages_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "chat_messages_author_check" CHECK ("chat_messages"."author" in ('CUSTOMER', 'STAFF'))
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_fk" FOREIGN KEY ("merchant_id","user_id") REFERENCES "public"."users"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_fk" FOREIGN KEY ("merchant_id","conversation_id") REFERENCES "public"."chat_conversations"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_user_idx" ON "chat_conversations" USING btree ("merchant_id","user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_inbox_idx" ON "chat_conversations" USING btree ("merchant_id","status","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_open_key" ON "chat_conversations" USING btree ("merchant_id","user_id",coalesce("order_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "chat_conversations"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("merchant_id","conversation_id","seq");