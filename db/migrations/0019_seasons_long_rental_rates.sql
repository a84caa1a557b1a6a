CREATE TABLE "season_car_prices" (
	"season_id" integer NOT NULL,
	"car_id" integer NOT NULL,
	"daily_price_cents" integer NOT NULL,
	CONSTRAINT "season_car_prices_pk" PRIMARY KEY("season_id","car_id"),
	CONSTRAINT "season_car_prices_positive" CHECK ("season_car_prices"."daily_price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"percent" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_days_order" CHECK ("seasons"."last_day" >= "seasons"."first_day"),
	CONSTRAINT "seasons_percent" CHECK ("seasons"."percent" between -90 and 500)
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "weekly_daily_price_cents" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "monthly_daily_price_cents" integer;--> statement-breakpoint
ALTER TABLE "season_car_prices" ADD CONSTRAINT "season_car_prices_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_car_prices" ADD CONSTRAINT "season_car_prices_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "season_car_prices_car" ON "season_car_prices" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "seasons_supplier_days" ON "seasons" USING btree ("supplier_id","last_day");--> statement-breakpoint
-- docs/domain.md#seasons: a supplier's seasons never overlap, so each day has at most one season.
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_no_overlap"
  EXCLUDE USING gist ("supplier_id" WITH =, daterange("first_day", "last_day", '[]') WITH &&);
--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_long_rental_rates"
  CHECK (coalesce("weekly_daily_price_cents", 1) > 0 AND coalesce("monthly_daily_price_cents", 1) > 0);
