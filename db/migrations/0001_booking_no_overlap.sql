-- Availability guarantee (docs/domain.md#availability): no two blocking bookings of one car overlap.
-- Half-open ranges [starts_at, ends_at) let back-to-back rentals fit.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("car_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" IN ('void', 'pending', 'deposit', 'paid', 'reserved'));
--> statement-breakpoint
-- Lets the search count find all blocking bookings that overlap a period in one index scan.
CREATE INDEX "bookings_range_cov" ON "bookings" USING gist (tstzrange("starts_at", "ends_at")) INCLUDE ("car_id") WHERE ("status" IN ('void', 'pending', 'deposit', 'paid', 'reserved'));
