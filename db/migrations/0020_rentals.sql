CREATE TYPE "public"."deposit_taken" AS ENUM('cardHold', 'cash', 'pointOfSale');--> statement-breakpoint
CREATE TYPE "public"."rental_state" AS ENUM('out', 'returned', 'closed');--> statement-breakpoint
CREATE TABLE "rentals" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"state" "rental_state" DEFAULT 'out' NOT NULL,
	"picked_up_at" timestamp with time zone NOT NULL,
	"picked_up_by" integer,
	"odometer_out_km" integer NOT NULL,
	"fuel_out_eighths" smallint NOT NULL,
	"deposit_cents" integer NOT NULL,
	"deposit_taken" "deposit_taken",
	"signer_name" varchar(120) NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"language" varchar(2) NOT NULL,
	"returned_at" timestamp with time zone,
	"odometer_in_km" integer,
	"fuel_in_eighths" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rentals_odometer_out" CHECK ("rentals"."odometer_out_km" between 0 and 9999999),
	CONSTRAINT "rentals_fuel_out" CHECK ("rentals"."fuel_out_eighths" between 0 and 8),
	CONSTRAINT "rentals_odometer_in" CHECK ("rentals"."odometer_in_km" is null or "rentals"."odometer_in_km" >= "rentals"."odometer_out_km"),
	CONSTRAINT "rentals_fuel_in" CHECK ("rentals"."fuel_in_eighths" is null or "rentals"."fuel_in_eighths" between 0 and 8),
	CONSTRAINT "rentals_deposit" CHECK ("rentals"."deposit_cents" >= 0 and ("rentals"."deposit_cents" = 0) = ("rentals"."deposit_taken" is null)),
	CONSTRAINT "rentals_returned" CHECK (("rentals"."state" = 'out') = ("rentals"."returned_at" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licence_number" varchar(32);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licence_country" varchar(60);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licence_expires_on" date;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_picked_up_by_users_id_fk" FOREIGN KEY ("picked_up_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;