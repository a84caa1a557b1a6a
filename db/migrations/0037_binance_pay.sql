ALTER TYPE "public"."payment_method" ADD VALUE 'binancePay';--> statement-breakpoint
CREATE TABLE "binance_pay_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "binance_pay_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"merchant_trade_no" varchar(32) NOT NULL,
	"prepay_id" varchar(64) NOT NULL,
	"balance_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"checkout_url" varchar(512) NOT NULL,
	"qr_content" varchar(512) NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"payment_id" integer
);
--> statement-breakpoint
ALTER TABLE "binance_pay_orders" ADD CONSTRAINT "binance_pay_orders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "binance_pay_orders" ADD CONSTRAINT "binance_pay_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "binance_pay_orders_trade_no_key" ON "binance_pay_orders" USING btree ("merchant_trade_no");--> statement-breakpoint
CREATE INDEX "binance_pay_orders_booking_idx" ON "binance_pay_orders" USING btree ("booking_id","opened_at");