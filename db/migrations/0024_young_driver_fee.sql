ALTER TABLE "suppliers" ADD COLUMN "young_driver_age" smallint DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "young_driver_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_young_driver_age" CHECK ("suppliers"."young_driver_age" between 21 and 99);--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_young_driver_fee" CHECK ("suppliers"."young_driver_fee_cents" between 1 and 100000000);