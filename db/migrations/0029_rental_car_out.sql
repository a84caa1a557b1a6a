DROP INDEX "rentals_out";--> statement-breakpoint
-- The booking's car on its rental record (docs/domain.md#pick-up): added empty, filled from the
-- bookings, then required; from now on the trigger below writes it on every insert.
ALTER TABLE "rentals" ADD COLUMN "car_id" integer;--> statement-breakpoint
UPDATE "rentals" r SET "car_id" = b."car_id" FROM "bookings" b WHERE b."id" = r."booking_id";--> statement-breakpoint
ALTER TABLE "rentals" ALTER COLUMN "car_id" SET NOT NULL;--> statement-breakpoint
-- Whatever code writes a rental, and whatever car it names, the record's car is its booking's
-- (a booking never changes car). NOT NULL is checked after this trigger has run.
CREATE FUNCTION rentals_car_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.car_id := (SELECT b.car_id FROM bookings b WHERE b.id = NEW.booking_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER rentals_car_id BEFORE INSERT OR UPDATE OF booking_id, car_id ON rentals
  FOR EACH ROW EXECUTE FUNCTION rentals_car_id();
--> statement-breakpoint
-- Before 2026-12 a car could be picked up twice (security review M3): say which, rather than
-- fail on the index below with a bare duplicate-key error. Staff record the return of one first.
DO $$
DECLARE
  twice text;
BEGIN
  SELECT string_agg(format('car %s: bookings %s', car_id, bookings), '; ') INTO twice
  FROM (SELECT car_id, string_agg(booking_id::text, ', ' ORDER BY booking_id) AS bookings
        FROM rentals WHERE state = 'out' GROUP BY car_id HAVING count(*) > 1) AS out_twice;
  IF twice IS NOT NULL THEN
    RAISE EXCEPTION 'Cars with more than one rental out (record the return of all but one first): %', twice;
  END IF;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "rentals_car_out" ON "rentals" USING btree ("car_id") WHERE "rentals"."state" = 'out';
