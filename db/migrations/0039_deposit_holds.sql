CREATE TYPE "public"."deposit_hold_status" AS ENUM('open', 'held', 'captured', 'released', 'expired', 'failed');--> statement-breakpoint
CREATE TABLE "deposit_holds" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"gateway" varchar(8) NOT NULL,
	"session_id" varchar(128) NOT NULL,
	"intent_id" varchar(128),
	"status" "deposit_hold_status" DEFAULT 'open' NOT NULL,
	"amount_cents" integer NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"held_until" timestamp with time zone,
	"settle_cents" integer,
	"settled_by" integer,
	"settled_at" timestamp with time zone,
	"started_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_holds_amount" CHECK ("deposit_holds"."amount_cents" between 1 and 100000000),
	CONSTRAINT "deposit_holds_captured" CHECK ("deposit_holds"."captured_cents" between 0 and "deposit_holds"."amount_cents"),
	CONSTRAINT "deposit_holds_settle" CHECK ("deposit_holds"."settle_cents" is null or "deposit_holds"."settle_cents" between 0 and "deposit_holds"."amount_cents"),
	CONSTRAINT "deposit_holds_held" CHECK ("deposit_holds"."status" in ('open', 'failed') or "deposit_holds"."intent_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_holds_session_key" ON "deposit_holds" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_holds_intent_key" ON "deposit_holds" USING btree ("intent_id");