ALTER TABLE "bookings" ADD COLUMN "usd_to_bs_rate" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rate_date" date;--> statement-breakpoint
-- Hand-written (generated as `ADD COLUMN "source" varchar(40) NOT NULL`, which existing rows
-- refuse): the rates entered before their source was asked for were the BCV's.
ALTER TABLE "exchange_rates" ADD COLUMN "source" varchar(40) NOT NULL DEFAULT 'BCV';--> statement-breakpoint
ALTER TABLE "exchange_rates" ALTER COLUMN "source" DROP DEFAULT;--> statement-breakpoint
-- Hand-written backfill, 1 of 2 (docs/domain.md#exchange-rate): the rate `settings` held becomes
-- a row of `exchange_rates` unless the row that now applies on its date already says it (a rate
-- saved before the history existed, or a later-entered rate of an earlier date).
INSERT INTO "exchange_rates" ("usd_to_bs_rate", "rate_date", "source")
SELECT s."usd_to_bs_rate", s."rate_date", 'BCV'
FROM "settings" s
WHERE s."id" = 1
  AND s."usd_to_bs_rate" IS DISTINCT FROM (
    SELECT r."usd_to_bs_rate" FROM "exchange_rates" r
    WHERE r."rate_date" <= s."rate_date"
    ORDER BY r."rate_date" DESC, r."id" DESC
    LIMIT 1
  );--> statement-breakpoint
-- Hand-written backfill, 2 of 2 (docs/domain.md#exchange-rate): a booking made before bookings
-- kept their rate gets the one that applied on its creation day in Caracas (the latest rate dated
-- on or before it; of one date, the last entered), or none when no rate applied yet.
UPDATE "bookings" b SET ("usd_to_bs_rate", "rate_date") = (
  SELECT x."usd_to_bs_rate", x."rate_date" FROM "exchange_rates" x
  WHERE x."rate_date" <= (b."created_at" AT TIME ZONE 'America/Caracas')::date
  ORDER BY x."rate_date" DESC, x."id" DESC
  LIMIT 1
);--> statement-breakpoint
ALTER TABLE "settings" DROP COLUMN "usd_to_bs_rate";--> statement-breakpoint
ALTER TABLE "settings" DROP COLUMN "rate_date";
