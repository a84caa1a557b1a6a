CREATE TYPE "public"."claim_response" AS ENUM('accepted', 'disputed');--> statement-breakpoint
CREATE TYPE "public"."claim_status" AS ENUM('open', 'disputed', 'settled');--> statement-breakpoint
CREATE TABLE "damage_claim_marks" (
	"claim_id" integer NOT NULL,
	"mark_id" integer NOT NULL,
	CONSTRAINT "damage_claim_marks_claim_id_mark_id_pk" PRIMARY KEY("claim_id","mark_id")
);
--> statement-breakpoint
CREATE TABLE "damage_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "damage_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"status" "claim_status" DEFAULT 'open' NOT NULL,
	"opened_by" integer,
	"opened_at" timestamp with time zone NOT NULL,
	"estimate_cents" integer NOT NULL,
	"asked_cents" integer NOT NULL,
	"staff_note" varchar(500) NOT NULL,
	"response" "claim_response",
	"response_comment" varchar(1000),
	"responded_at" timestamp with time zone,
	"decided_cents" integer,
	"decision_note" varchar(500),
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"settled_cents" integer,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "damage_claims_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "damage_claims_amounts" CHECK ("damage_claims"."estimate_cents" >= 0 and "damage_claims"."asked_cents" between 1 and 100000000),
	CONSTRAINT "damage_claims_settled" CHECK (("damage_claims"."status" = 'settled') = ("damage_claims"."settled_at" is not null)),
	CONSTRAINT "damage_claims_settled_amount" CHECK ("damage_claims"."settled_cents" is null or "damage_claims"."settled_cents" between 0 and "damage_claims"."asked_cents"),
	CONSTRAINT "damage_claims_responded" CHECK (("damage_claims"."response" is null) = ("damage_claims"."responded_at" is null))
);
--> statement-breakpoint
ALTER TABLE "damage_claim_marks" ADD CONSTRAINT "damage_claim_marks_claim_id_damage_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."damage_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claim_marks" ADD CONSTRAINT "damage_claim_marks_mark_id_rental_damage_marks_id_fk" FOREIGN KEY ("mark_id") REFERENCES "public"."rental_damage_marks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "damage_claims_status_idx" ON "damage_claims" USING btree ("status");