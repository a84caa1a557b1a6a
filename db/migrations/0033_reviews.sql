CREATE TABLE "driver_ratings" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"author_id" integer,
	"on_time" smallint NOT NULL,
	"as_agreed" smallint NOT NULL,
	"communication" smallint NOT NULL,
	"note" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "driver_ratings_on_time" CHECK ("driver_ratings"."on_time" between 1 and 5),
	CONSTRAINT "driver_ratings_as_agreed" CHECK ("driver_ratings"."as_agreed" between 1 and 5),
	CONSTRAINT "driver_ratings_communication" CHECK ("driver_ratings"."communication" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"author_id" integer,
	"overall" smallint NOT NULL,
	"car_condition" smallint NOT NULL,
	"cleanliness" smallint NOT NULL,
	"staff" smallint NOT NULL,
	"value" smallint NOT NULL,
	"counter_speed" smallint NOT NULL,
	"comment" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "reviews_overall" CHECK ("reviews"."overall" between 1 and 5),
	CONSTRAINT "reviews_car_condition" CHECK ("reviews"."car_condition" between 1 and 5),
	CONSTRAINT "reviews_cleanliness" CHECK ("reviews"."cleanliness" between 1 and 5),
	CONSTRAINT "reviews_staff" CHECK ("reviews"."staff" between 1 and 5),
	CONSTRAINT "reviews_value" CHECK ("reviews"."value" between 1 and 5),
	CONSTRAINT "reviews_counter_speed" CHECK ("reviews"."counter_speed" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "driver_ratings" ADD CONSTRAINT "driver_ratings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_ratings" ADD CONSTRAINT "driver_ratings_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_ratings" ADD CONSTRAINT "driver_ratings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_ratings_driver_idx" ON "driver_ratings" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "reviews_supplier_idx" ON "reviews" USING btree ("supplier_id","published_at");