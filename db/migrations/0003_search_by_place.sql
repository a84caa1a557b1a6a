DROP INDEX "bookings_car_blocking";--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "daily_price_cents" integer;--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "seats" smallint;--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "doors" smallint;--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "aircon" boolean;--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "fuel_type" "fuel_type";--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "gearbox" "gearbox";--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "mileage" integer;--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "fuel_policy" "fuel_policy";--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "bookable" boolean;--> statement-breakpoint
CREATE INDEX "bookings_car_blocking" ON "bookings" USING btree ("car_id","ends_at","starts_at") WHERE "bookings"."status" in ('void', 'pending', 'deposit', 'paid', 'reserved');--> statement-breakpoint
-- The search (issue 4) walks one place's cars in price order with the filters read from
-- the same index, and stops once it has the page and enough to count. car_locations
-- therefore carries a copy of each car's search columns, which these triggers keep:
-- filled from the car when a row is inserted, rewritten when the car changes.
CREATE FUNCTION car_locations_copy_car() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.daily_price_cents, c.supplier_id, c.deposit_cents, c.seats, c.doors, c.aircon, c.fuel_type, c.gearbox,
         c.mileage, c.fuel_policy, c.availability = 'available' AND c.status = 'active'
    INTO NEW.daily_price_cents, NEW.supplier_id, NEW.deposit_cents, NEW.seats, NEW.doors, NEW.aircon, NEW.fuel_type,
         NEW.gearbox, NEW.mileage, NEW.fuel_policy, NEW.bookable
    FROM cars c WHERE c.id = NEW.car_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER car_locations_copy_car BEFORE INSERT OR UPDATE ON car_locations
  FOR EACH ROW EXECUTE FUNCTION car_locations_copy_car();
--> statement-breakpoint
CREATE FUNCTION cars_copy_to_locations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Touching the row is enough: car_locations_copy_car reads the car again.
  UPDATE car_locations SET car_id = car_id WHERE car_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cars_copy_to_locations AFTER UPDATE ON cars FOR EACH ROW
  WHEN ((OLD.daily_price_cents, OLD.supplier_id, OLD.deposit_cents, OLD.seats, OLD.doors, OLD.aircon, OLD.fuel_type, OLD.gearbox,
         OLD.mileage, OLD.fuel_policy, OLD.availability, OLD.status)
        IS DISTINCT FROM
        (NEW.daily_price_cents, NEW.supplier_id, NEW.deposit_cents, NEW.seats, NEW.doors, NEW.aircon, NEW.fuel_type, NEW.gearbox,
         NEW.mileage, NEW.fuel_policy, NEW.availability, NEW.status))
  EXECUTE FUNCTION cars_copy_to_locations();
--> statement-breakpoint
UPDATE car_locations SET car_id = car_id;
--> statement-breakpoint
CREATE INDEX "car_locations_search" ON "car_locations" ("location_id", "daily_price_cents", "car_id")
  INCLUDE ("supplier_id", "deposit_cents", "seats", "doors", "aircon", "fuel_type", "gearbox", "mileage", "fuel_policy")
  WHERE "bookable";
--> statement-breakpoint
-- The whole-set scans of migration 0002 are no longer used by the search.
DROP INDEX IF EXISTS "bookings_range_cov";
--> statement-breakpoint
DROP INDEX IF EXISTS "cars_bookable";
