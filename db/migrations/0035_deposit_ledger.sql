CREATE TYPE "public"."deposit_entry_kind" AS ENUM('received', 'refunded', 'retained');--> statement-breakpoint
ALTER TYPE "public"."deposit_taken" ADD VALUE 'mobilePayment';--> statement-breakpoint
ALTER TYPE "public"."deposit_taken" ADD VALUE 'usdt';--> statement-breakpoint
ALTER TYPE "public"."deposit_taken" ADD VALUE 'bankTransfer';--> statement-breakpoint
CREATE TABLE "deposit_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"kind" "deposit_entry_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" "deposit_taken",
	"reference" varchar(100),
	"reason" varchar(200),
	"recorded_by" integer,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_ledger_amount" CHECK ("deposit_ledger"."amount_cents" between 1 and 100000000),
	CONSTRAINT "deposit_ledger_method" CHECK (("deposit_ledger"."kind" = 'retained') = ("deposit_ledger"."method" is null)),
	CONSTRAINT "deposit_ledger_reason" CHECK (("deposit_ledger"."kind" = 'retained') = ("deposit_ledger"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "deposit_return_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_ledger" ADD CONSTRAINT "deposit_ledger_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_ledger" ADD CONSTRAINT "deposit_ledger_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_ledger_booking_idx" ON "deposit_ledger" USING btree ("booking_id","recorded_at");--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_deposit_return_days" CHECK ("suppliers"."deposit_return_days" between 1 and 90);--> statement-breakpoint
-- The ledger of the rentals recorded before it (docs/domain.md#deposit-ledger): the deposit taken at the pick-up, the final bill's part kept, and, for a closed rental, the rest the close's box said was given back.
INSERT INTO "deposit_ledger" ("booking_id", "kind", "amount_cents", "method", "recorded_by", "recorded_at")
SELECT "booking_id", 'received', "deposit_cents", "deposit_taken", "picked_up_by", "picked_up_at" FROM "rentals" WHERE "deposit_cents" > 0;--> statement-breakpoint
INSERT INTO "deposit_ledger" ("booking_id", "kind", "amount_cents", "reason", "recorded_by", "recorded_at")
SELECT "booking_id", 'retained', ("final_bill"->>'depositCoversCents')::int, 'finalBill', "returned_by", "returned_at" FROM "rentals"
WHERE "deposit_cents" > 0 AND "final_bill" IS NOT NULL AND ("final_bill"->>'depositCoversCents')::int > 0;--> statement-breakpoint
INSERT INTO "deposit_ledger" ("booking_id", "kind", "amount_cents", "method", "recorded_by", "recorded_at")
SELECT "booking_id", 'refunded', ("final_bill"->>'depositReturnedCents')::int, "deposit_taken", "closed_by", "closed_at" FROM "rentals"
WHERE "state" = 'closed' AND "deposit_cents" > 0 AND ("final_bill"->>'depositReturnedCents')::int > 0;
