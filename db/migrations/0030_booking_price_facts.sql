ALTER TABLE "bookings" ADD COLUMN "driver_birth_date" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "young_driver_age" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "young_driver_fee_cents" integer;--> statement-breakpoint
-- Hand-written backfill (docs/domain.md#price-facts): a booking made before its price's facts were
-- stored takes its driver's birth date from the account as it is now, and as its young driver
-- rule the fee per day it was charged (its breakdown's young driver line over its days) or, when
-- it was charged none, the car's or else its supplier's fee as it is now, with the supplier's age.
WITH "facts" AS (
  SELECT
    b."id",
    u."birth_date",
    s."young_driver_age" AS "age",
    CASE
      WHEN coalesce((b."breakdown" #>> '{fees,youngDriver}')::integer, 0) > 0
        THEN (b."breakdown" #>> '{fees,youngDriver}')::integer / b."days"
      ELSE nullif(coalesce(c."young_driver_fee_cents", s."young_driver_fee_cents"), 0)
    END AS "fee"
  FROM "bookings" b
  JOIN "users" u ON u."id" = b."driver_id"
  JOIN "cars" c ON c."id" = b."car_id"
  JOIN "suppliers" s ON s."id" = b."supplier_id"
)
UPDATE "bookings" SET
  "driver_birth_date" = "facts"."birth_date",
  "young_driver_age" = CASE WHEN "facts"."fee" IS NULL THEN NULL ELSE "facts"."age" END,
  "young_driver_fee_cents" = "facts"."fee"
FROM "facts"
WHERE "facts"."id" = "bookings"."id";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_young_driver_rule" CHECK (("bookings"."young_driver_age" is null and "bookings"."young_driver_fee_cents" is null) or ("bookings"."young_driver_age" between 21 and 99 and "bookings"."young_driver_fee_cents" between 1 and 100000000));
