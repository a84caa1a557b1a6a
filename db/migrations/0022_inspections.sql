CREATE TYPE "public"."damage_area" AS ENUM('front', 'windscreen', 'roof', 'rearWindow', 'rear', 'leftSide', 'rightSide', 'wheels', 'interior');--> statement-breakpoint
CREATE TYPE "public"."damage_kind" AS ENUM('scratch', 'dent', 'crack', 'missingPart', 'other');--> statement-breakpoint
CREATE TYPE "public"."inspection_phase" AS ENUM('out', 'in');--> statement-breakpoint
CREATE TABLE "rental_damage_marks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_damage_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"phase" "inspection_phase" NOT NULL,
	"area" "damage_area" NOT NULL,
	"kind" "damage_kind" NOT NULL,
	"x" smallint,
	"y" smallint,
	"note" varchar(200),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_damage_marks_spot" CHECK (("rental_damage_marks"."x" is null and "rental_damage_marks"."y" is null) or ("rental_damage_marks"."x" between 0 and 1000 and "rental_damage_marks"."y" between 0 and 1000))
);
--> statement-breakpoint
CREATE TABLE "rental_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"phase" "inspection_phase" NOT NULL,
	"image" varchar(80) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rental_damage_marks" ADD CONSTRAINT "rental_damage_marks_booking_id_rentals_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."rentals"("booking_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_damage_marks" ADD CONSTRAINT "rental_damage_marks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_photos" ADD CONSTRAINT "rental_photos_booking_id_rentals_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."rentals"("booking_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_photos" ADD CONSTRAINT "rental_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_damage_marks_booking_idx" ON "rental_damage_marks" USING btree ("booking_id","phase");--> statement-breakpoint
CREATE INDEX "rental_photos_booking_idx" ON "rental_photos" USING btree ("booking_id","phase");--> statement-breakpoint
CREATE INDEX "rental_photos_image_idx" ON "rental_photos" USING btree ("image");