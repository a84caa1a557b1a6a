CREATE TYPE "public"."deposit_method" AS ENUM('cardHold', 'cash', 'cardHoldOrCash');--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "deposit_method" "deposit_method" DEFAULT 'cardHold' NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "collision_damage_waiver_excess_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "theft_protection_excess_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "full_insurance_excess_cents" integer DEFAULT 0 NOT NULL;