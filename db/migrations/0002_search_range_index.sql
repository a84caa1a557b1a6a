-- Search indexes (docs/architecture.md#budgets, issue 4).
--
-- The count finds every blocking booking that overlaps a period in one index-only scan.
-- An index-only scan needs every column the query reads, and the overlap test reads
-- starts_at and ends_at; with car_id alone the planner falls back to per-car probes,
-- about 4x slower.
DROP INDEX IF EXISTS "bookings_range_cov";
--> statement-breakpoint
CREATE INDEX "bookings_range_cov" ON "bookings" USING gist (tstzrange("starts_at", "ends_at")) INCLUDE ("car_id", "starts_at", "ends_at") WHERE ("status" IN ('void', 'pending', 'deposit', 'paid', 'reserved'));
--> statement-breakpoint
-- The bookable cars with what the filters and the price order read, ordered by id: the
-- set of cars at a place comes from a merge join of two index-only scans (this and
-- car_locations' primary key) instead of a scan of the wide cars table.
CREATE INDEX "cars_bookable" ON "cars" ("id") INCLUDE ("daily_price_cents", "supplier_id", "deposit_cents", "seats", "doors", "aircon", "fuel_type", "gearbox", "mileage", "fuel_policy") WHERE ("availability" = 'available' AND "status" = 'active');
--> statement-breakpoint
-- The data of this application lives in memory or on SSD, where PostgreSQL's default
-- random_page_cost (4, for spinning disks) makes the planner avoid the index-only plans
-- above. 1.1 is the usual setting for such storage; it is set for this database only
-- (new sessions), and skipped where the role may not alter the database.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET random_page_cost = 1.1', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'random_page_cost left unchanged: %', SQLERRM;
END $$;
