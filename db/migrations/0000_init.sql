CREATE TYPE "public"."availability" AS ENUM('available', 'unavailable');--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('void', 'pending', 'deposit', 'paid', 'reserved', 'cancelled', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."fuel_policy" AS ENUM('likeForlike', 'freeTank');--> statement-breakpoint
CREATE TYPE "public"."fuel_type" AS ENUM('diesel', 'gasoline', 'electric', 'hybrid', 'plugInHybrid', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."gearbox" AS ENUM('manual', 'automatic');--> statement-breakpoint
CREATE TYPE "public"."location_kind" AS ENUM('airport', 'city');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'relayed', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('cardPayment', 'payLater', 'mobilePayment', 'walletPayment', 'Cash', 'PointOfSell');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'succeeded', 'failed', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."record_status" AS ENUM('active', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."token_kind" AS ENUM('activation', 'reset');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('admin', 'supplier', 'enterprise', 'user');--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"persistent" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" "token_kind" NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" varchar(254) NOT NULL,
	"password_hash" text,
	"full_name" varchar(120) NOT NULL,
	"phone" varchar(32),
	"location" varchar(120),
	"bio" varchar(500),
	"birth_date" date,
	"document_type" smallint,
	"document_number" varchar(32),
	"avatar" text,
	"type" "user_type" DEFAULT 'user' NOT NULL,
	"language" varchar(2) DEFAULT 'es' NOT NULL,
	"enable_email_notifications" boolean DEFAULT true NOT NULL,
	"activated" boolean DEFAULT false NOT NULL,
	"blacklisted" boolean DEFAULT false NOT NULL,
	"supplier_id" integer,
	"status" "record_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"slug" varchar(120) NOT NULL,
	"logo" text,
	"email" varchar(254),
	"phone" varchar(32),
	"active" boolean DEFAULT true NOT NULL,
	"pay_later" boolean DEFAULT true NOT NULL,
	"status" "record_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" varchar(80) NOT NULL,
	"kind" "location_kind" DEFAULT 'city' NOT NULL,
	"name_es" varchar(120) NOT NULL,
	"name_en" varchar(120) NOT NULL,
	"name_fr" varchar(120) NOT NULL,
	"name_el" varchar(120) NOT NULL,
	"address" varchar(250) NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" varchar(64) DEFAULT 'America/Caracas' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "car_locations" (
	"location_id" integer NOT NULL,
	"car_id" integer NOT NULL,
	CONSTRAINT "car_locations_loc_car" PRIMARY KEY("location_id","car_id")
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"image" text,
	"daily_price_cents" integer NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"minimum_age" smallint DEFAULT 21 NOT NULL,
	"seats" smallint NOT NULL,
	"doors" smallint NOT NULL,
	"aircon" boolean DEFAULT true NOT NULL,
	"fuel_type" "fuel_type" NOT NULL,
	"gearbox" "gearbox" NOT NULL,
	"fuel_policy" "fuel_policy" NOT NULL,
	"mileage" integer DEFAULT -1 NOT NULL,
	"pay_later_fee_percent" smallint DEFAULT 0 NOT NULL,
	"cancellation_cents" integer DEFAULT -1 NOT NULL,
	"gps_cents" integer DEFAULT -1 NOT NULL,
	"home_delivery_cents" integer DEFAULT -1 NOT NULL,
	"baby_chair_cents" integer DEFAULT -1 NOT NULL,
	"theft_protection_cents" integer DEFAULT -1 NOT NULL,
	"collision_damage_waiver_cents" integer DEFAULT -1 NOT NULL,
	"full_insurance_cents" integer DEFAULT -1 NOT NULL,
	"additional_driver_cents" integer DEFAULT -1 NOT NULL,
	"availability" "availability" DEFAULT 'available' NOT NULL,
	"status" "record_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" varchar(16) NOT NULL,
	"car_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"pickup_location_id" integer NOT NULL,
	"dropoff_location_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" "booking_status" NOT NULL,
	"days" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"breakdown" jsonb NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"cancellation" boolean DEFAULT false NOT NULL,
	"gps" boolean DEFAULT false NOT NULL,
	"home_delivery" boolean DEFAULT false NOT NULL,
	"baby_chair" boolean DEFAULT false NOT NULL,
	"theft_protection" boolean DEFAULT false NOT NULL,
	"collision_damage_waiver" boolean DEFAULT false NOT NULL,
	"full_insurance" boolean DEFAULT false NOT NULL,
	"additional_driver" boolean DEFAULT false NOT NULL,
	"additional_driver_name" varchar(120),
	"additional_driver_email" varchar(254),
	"additional_driver_phone" varchar(32),
	"additional_driver_birth_date" date,
	"cancel_request" boolean DEFAULT false NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "bookings_dates_order" CHECK ("bookings"."ends_at" > "bookings"."starts_at"),
	CONSTRAINT "bookings_price_positive" CHECK ("bookings"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"method" "payment_method" NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"provider_reference" varchar(128),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"booking_id" integer,
	"message_key" varchar(80) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"email" varchar(254) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"message" text NOT NULL,
	"language" varchar(2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_name" varchar(64) NOT NULL,
	"job_id" varchar(200) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"code" varchar(4) PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"usd_to_bs_rate" numeric(14, 4) NOT NULL,
	"rate_date" date NOT NULL,
	"mobile_payment_bank_code" varchar(4) NOT NULL,
	"mobile_payment_phone" varchar(11) NOT NULL,
	"mobile_payment_rif" varchar(16) NOT NULL,
	"mobile_payment_holder" varchar(120) NOT NULL,
	"card_payments_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_locations" ADD CONSTRAINT "car_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_locations" ADD CONSTRAINT "car_locations_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pickup_location_id_locations_id_fk" FOREIGN KEY ("pickup_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_dropoff_location_id_locations_id_fk" FOREIGN KEY ("dropoff_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_hash_key" ON "tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "tokens_expires_idx" ON "tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_supplier_idx" ON "users" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "car_locations_car_idx" ON "car_locations" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "cars_price_id" ON "cars" USING btree ("daily_price_cents","id");--> statement-breakpoint
CREATE INDEX "cars_supplier_idx" ON "cars" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "bookings_car_blocking" ON "bookings" USING btree ("car_id","starts_at","ends_at") WHERE "bookings"."status" in ('void', 'pending', 'deposit', 'paid', 'reserved');--> statement-breakpoint
CREATE INDEX "bookings_driver_idx" ON "bookings" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_supplier_idx" ON "bookings" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_hold_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'void';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_key" ON "payments" USING btree ("provider_reference");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_job_id_key" ON "outbox" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("run_after") WHERE "outbox"."status" = 'pending';