CREATE TYPE "public"."review_hidden_reason" AS ENUM('personalData', 'abuse', 'offTopic', 'spam');--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "review_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "review_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" varchar(1000);--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_by" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" "review_hidden_reason";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_by" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_replied" CHECK (("reviews"."reply" is null) = ("reviews"."replied_at" is null));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden" CHECK (("reviews"."hidden_at" is null) = ("reviews"."hidden_reason" is null));