ALTER TABLE "rentals" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "closed_by" integer;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_closed" CHECK (("rentals"."state" = 'closed') = ("rentals"."closed_at" is not null));