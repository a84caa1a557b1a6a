ALTER TABLE "car_locations" ADD COLUMN "weekly_daily_price_cents" integer;--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "monthly_daily_price_cents" integer;--> statement-breakpoint
-- Issue 29: the search orders by the real total of the searched period, whose base rate may be a
-- car's weekly or monthly price (docs/domain.md#search-order). car_locations carries them too, kept
-- by the triggers of migration 0003, and the place's index includes them, so the total is worked out
-- from the index alone.
CREATE OR REPLACE FUNCTION car_locations_copy_car() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.daily_price_cents, c.weekly_daily_price_cents, c.monthly_daily_price_cents, c.supplier_id, c.deposit_cents,
         c.seats, c.doors, c.aircon, c.fuel_type, c.gearbox, c.mileage, c.fuel_policy, c.category, c.bags,
         c.availability = 'available' AND c.status = 'active'
    INTO NEW.daily_price_cents, NEW.weekly_daily_price_cents, NEW.monthly_daily_price_cents, NEW.supplier_id,
         NEW.deposit_cents, NEW.seats, NEW.doors, NEW.aircon, NEW.fuel_type, NEW.gearbox, NEW.mileage, NEW.fuel_policy,
         NEW.category, NEW.bags, NEW.bookable
    FROM cars c WHERE c.id = NEW.car_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER cars_copy_to_locations ON cars;
--> statement-breakpoint
CREATE TRIGGER cars_copy_to_locations AFTER UPDATE ON cars FOR EACH ROW
  WHEN ((OLD.daily_price_cents, OLD.weekly_daily_price_cents, OLD.monthly_daily_price_cents, OLD.supplier_id,
         OLD.deposit_cents, OLD.seats, OLD.doors, OLD.aircon, OLD.fuel_type, OLD.gearbox, OLD.mileage, OLD.fuel_policy,
         OLD.category, OLD.bags, OLD.availability, OLD.status)
        IS DISTINCT FROM
        (NEW.daily_price_cents, NEW.weekly_daily_price_cents, NEW.monthly_daily_price_cents, NEW.supplier_id,
         NEW.deposit_cents, NEW.seats, NEW.doors, NEW.aircon, NEW.fuel_type, NEW.gearbox, NEW.mileage, NEW.fuel_policy,
         NEW.category, NEW.bags, NEW.availability, NEW.status))
  EXECUTE FUNCTION cars_copy_to_locations();
--> statement-breakpoint
UPDATE car_locations SET car_id = car_id;
--> statement-breakpoint
DROP INDEX "car_locations_search";
--> statement-breakpoint
CREATE INDEX "car_locations_search" ON "car_locations" ("location_id", "daily_price_cents", "car_id")
  INCLUDE ("supplier_id", "weekly_daily_price_cents", "monthly_daily_price_cents", "deposit_cents", "seats", "doors",
           "aircon", "fuel_type", "gearbox", "mileage", "fuel_policy", "category", "bags")
  WHERE "bookable";
--> statement-breakpoint
-- Every order now sorts the place's cars by the real total from car_locations_search: the
-- indexes each order walked (migration 0011) are no longer read.
DROP INDEX IF EXISTS "car_locations_by_seats";
--> statement-breakpoint
DROP INDEX IF EXISTS "car_locations_by_supplier";
