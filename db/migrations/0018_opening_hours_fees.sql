ALTER TABLE "suppliers" ADD COLUMN "one_way_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "closed_dates" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "out_of_hours_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_one_way_fee" CHECK ("suppliers"."one_way_fee_cents" between 0 and 100000000);--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_out_of_hours_fee" CHECK ("locations"."out_of_hours_fee_cents" between 0 and 100000000);