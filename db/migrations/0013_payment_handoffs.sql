CREATE TABLE "payment_handoffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_handoffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"method" varchar(16),
	"return_url" varchar(2048),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_handoffs" ADD CONSTRAINT "payment_handoffs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_handoffs" ADD CONSTRAINT "payment_handoffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_handoffs_hash_key" ON "payment_handoffs" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "payment_handoffs_expires_idx" ON "payment_handoffs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "payment_handoffs_booking_idx" ON "payment_handoffs" USING btree ("booking_id");