CREATE TYPE "public"."car_category" AS ENUM('mini', 'economy', 'compact', 'midsize', 'fullsize', 'premium', 'suv', 'van', 'pickup');--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "category" "car_category";--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "bags" smallint;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "category" "car_category" DEFAULT 'economy' NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "bags" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "or_similar" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 26 (choosing a car): car_locations also carries the car's category and bag count (the
-- search's new filters, read from its indexes like the others), kept by the triggers of migration 0003.
CREATE OR REPLACE FUNCTION car_locations_copy_car() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.daily_price_cents, c.supplier_id, c.deposit_cents, c.seats, c.doors, c.aircon, c.fuel_type, c.gearbox,
         c.mileage, c.fuel_policy, c.category, c.bags, c.availability = 'available' AND c.status = 'active'
    INTO NEW.daily_price_cents, NEW.supplier_id, NEW.deposit_cents, NEW.seats, NEW.doors, NEW.aircon, NEW.fuel_type,
         NEW.gearbox, NEW.mileage, NEW.fuel_policy, NEW.category, NEW.bags, NEW.bookable
    FROM cars c WHERE c.id = NEW.car_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER cars_copy_to_locations ON cars;
--> statement-breakpoint
CREATE TRIGGER cars_copy_to_locations AFTER UPDATE ON cars FOR EACH ROW
  WHEN ((OLD.daily_price_cents, OLD.supplier_id, OLD.deposit_cents, OLD.seats, OLD.doors, OLD.aircon, OLD.fuel_type, OLD.gearbox,
         OLD.mileage, OLD.fuel_policy, OLD.category, OLD.bags, OLD.availability, OLD.status)
        IS DISTINCT FROM
        (NEW.daily_price_cents, NEW.supplier_id, NEW.deposit_cents, NEW.seats, NEW.doors, NEW.aircon, NEW.fuel_type, NEW.gearbox,
         NEW.mileage, NEW.fuel_policy, NEW.category, NEW.bags, NEW.availability, NEW.status))
  EXECUTE FUNCTION cars_copy_to_locations();
--> statement-breakpoint
UPDATE car_locations SET car_id = car_id;
--> statement-breakpoint
DROP INDEX "car_locations_search";
--> statement-breakpoint
CREATE INDEX "car_locations_search" ON "car_locations" ("location_id", "daily_price_cents", "car_id")
  INCLUDE ("supplier_id", "deposit_cents", "seats", "doors", "aircon", "fuel_type", "gearbox", "mileage", "fuel_policy", "category", "bags")
  WHERE "bookable";
--> statement-breakpoint
-- The other sorts walk their own index the same way (app/modules/catalogue/search.server.ts):
-- most seats first, then cheapest; and one supplier after another (by name), cheapest first.
CREATE INDEX "car_locations_by_seats" ON "car_locations" ("location_id", "seats" DESC, "daily_price_cents", "car_id")
  INCLUDE ("supplier_id", "deposit_cents", "doors", "aircon", "fuel_type", "gearbox", "mileage", "fuel_policy", "category", "bags")
  WHERE "bookable";
--> statement-breakpoint
CREATE INDEX "car_locations_by_supplier" ON "car_locations" ("location_id", "supplier_id", "daily_price_cents", "car_id")
  INCLUDE ("deposit_cents", "seats", "doors", "aircon", "fuel_type", "gearbox", "mileage", "fuel_policy", "category", "bags")
  WHERE "bookable";
