CREATE TYPE "public"."block_reason" AS ENUM('maintenance', 'accident', 'other');--> statement-breakpoint
CREATE TABLE "car_blocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "car_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"car_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" "block_reason" NOT NULL,
	"note" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_blocks_dates_order" CHECK ("car_blocks"."ends_at" > "car_blocks"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "preparation_hours" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "minimum_notice_hours" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "minimum_days" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "blocked_until" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "car_blocks" ADD CONSTRAINT "car_blocks_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_blocks" ADD CONSTRAINT "car_blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_blocks_car_end" ON "car_blocks" USING btree ("car_id","ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_car_held" ON "bookings" USING btree ("car_id","blocked_until","starts_at") WHERE "bookings"."status" in ('void', 'pending', 'deposit', 'paid', 'reserved');--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_preparation_hours" CHECK ("suppliers"."preparation_hours" between 0 and 72);--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_minimum_notice_hours" CHECK ("suppliers"."minimum_notice_hours" between 0 and 720);--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_minimum_days" CHECK ("suppliers"."minimum_days" between 1 and 90);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_blocked_after_end" CHECK ("bookings"."blocked_until" >= "bookings"."ends_at");--> statement-breakpoint
-- Preparation time (docs/domain.md#preparation): a booking holds its car from its pick-up until
-- its drop-off plus the supplier's preparation hours, read when the booking is made and each
-- time its drop-off is written (an amendment). A constraint cannot read another table, so the
-- end of the hold is stored and the exclusion constraint reads it.
CREATE FUNCTION bookings_blocked_until() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.blocked_until := NEW.ends_at + make_interval(hours => coalesce(
    (SELECT s.preparation_hours FROM suppliers s WHERE s.id = NEW.supplier_id), 0));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_blocked_until BEFORE INSERT OR UPDATE OF ends_at, supplier_id ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_blocked_until();
--> statement-breakpoint
-- Every supplier starts with no preparation time: existing bookings hold their car until their drop-off.
UPDATE bookings SET blocked_until = ends_at;
--> statement-breakpoint
-- The hold [pick-up, drop-off + preparation) of two blocking bookings of one car never overlaps:
-- a pick-up inside the previous booking's preparation time is refused, and so is a drop-off
-- whose preparation runs into the next pick-up.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("car_id" WITH =, tstzrange("starts_at", "blocked_until") WITH &&) WHERE ("status" IN ('void', 'pending', 'deposit', 'paid', 'reserved'));
