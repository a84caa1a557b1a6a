CREATE TABLE "usdt_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usdt_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"amount_units" bigint NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "usdt_attempts" ADD CONSTRAINT "usdt_attempts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_attempts_open_amount_key" ON "usdt_attempts" USING btree ("amount_units") WHERE "usdt_attempts"."released_at" is null;--> statement-breakpoint
CREATE INDEX "usdt_attempts_booking_idx" ON "usdt_attempts" USING btree ("booking_id","opened_at");--> statement-breakpoint
CREATE INDEX "usdt_attempts_unreleased_idx" ON "usdt_attempts" USING btree ("expires_at") WHERE "usdt_attempts"."released_at" is null;