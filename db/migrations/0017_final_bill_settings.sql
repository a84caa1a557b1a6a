ALTER TABLE "suppliers" ADD COLUMN "refuel_eighth_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "late_grace_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "extra_km_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_refuel_eighth_cents" CHECK ("suppliers"."refuel_eighth_cents" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_late_grace_minutes" CHECK ("suppliers"."late_grace_minutes" between 0 and 240);--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_extra_km_cents" CHECK ("cars"."extra_km_cents" between 0 and 10000);