ALTER TABLE "notifications" ADD COLUMN "kind" text DEFAULT 'ORDER' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reservation_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reservation_news" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reservation_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reservation_fk" FOREIGN KEY ("merchant_id","reservation_id") REFERENCES "public"."reservations"("merchant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('ORDER', 'RESERVATION'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reservation_news_check" CHECK ("notifications"."reservation_news" in ('BOOKED', 'CONFIRMED', 'NO_SHOW', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reservation_check" CHECK ("notifications"."kind" <> 'RESERVATION' or ("notifications"."reservation_id" is not null and "notifications"."reservation_news" is not null and "notifications"."reservation_at" is not null));