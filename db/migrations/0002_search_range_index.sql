-- The search count finds every blocking booking that overlaps a period in one index-only
-- scan (reference/search-floor.md). An index-only scan needs every column the query
-- reads, and the overlap test reads starts_at and ends_at; with car_id alone the
-- planner falls back to per-car probes, about 4x slower.
DROP INDEX IF EXISTS "bookings_range_cov";
--> statement-breakpoint
CREATE INDEX "bookings_range_cov" ON "bookings" USING gist (tstzrange("starts_at", "ends_at")) INCLUDE ("car_id", "starts_at", "ends_at") WHERE ("status" IN ('void', 'pending', 'deposit', 'paid', 'reserved'));
