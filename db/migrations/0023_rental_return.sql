ALTER TABLE "rentals" ADD COLUMN "returned_by" integer;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "final_bill" jsonb;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rentals_out" ON "rentals" USING btree ("booking_id") WHERE "rentals"."state" = 'out';--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_return_recorded" CHECK ("rentals"."state" = 'out' or ("rentals"."odometer_in_km" is not null and "rentals"."fuel_in_eighths" is not null and "rentals"."final_bill" is not null));