CREATE TABLE "booking_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"author_id" integer,
	"body" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "rif" varchar(12);--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "fiscal_address" varchar(300);--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "plate" varchar(16);--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "vin" varchar(17);--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "colour" varchar(40);--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "year" smallint;--> statement-breakpoint
ALTER TABLE "booking_notes" ADD CONSTRAINT "booking_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_notes" ADD CONSTRAINT "booking_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_notes_booking_idx" ON "booking_notes" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cars_supplier_plate" ON "cars" USING btree ("supplier_id",upper(regexp_replace("plate", '[^A-Za-z0-9]', '', 'g'))) WHERE "cars"."plate" is not null and "cars"."status" <> 'deleted';