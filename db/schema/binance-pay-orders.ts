import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { payments } from "./payments";

/*
 * Binance Pay orders (docs/domain.md#binance-pay): what a booking's page asked Binance to collect —
 * the balance due, in USDT — under a merchantTradeNo of ours, and until when. The payment row is
 * written only when Binance says the order was paid (the signed webhook, or our late query), so
 * an order left unpaid holds nothing.
 */
export const binancePayOrders = pgTable(
  "binance_pay_orders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id),
    /** Ours, sent to Binance: letters and digits only, at most 32 (Binance's rule). */
    merchantTradeNo: varchar("merchant_trade_no", { length: 32 }).notNull(),
    /** Binance's id of the order (its webhook's bizIdStr). */
    prepayId: varchar("prepay_id", { length: 64 }).notNull(),
    /** The balance the order was created for: once the booking's balance differs, the page creates another. */
    balanceCents: integer("balance_cents").notNull(),
    /** What Binance was asked to collect, in USDT cents (the balance, plus IGTF where it applies). */
    amountCents: integer("amount_cents").notNull(),
    checkoutUrl: varchar("checkout_url", { length: 512 }).notNull(),
    /** What the QR code encodes, for a phone's Binance app to scan. */
    qrContent: varchar("qr_content", { length: 512 }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Binance closed it unpaid (PAY_CLOSED, or the query said expired/cancelled). */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** The payment it became, once Binance said it was paid. */
    paymentId: integer("payment_id").references(() => payments.id),
  },
  (t) => [
    uniqueIndex("binance_pay_orders_trade_no_key").on(t.merchantTradeNo),
    index("binance_pay_orders_booking_idx").on(t.bookingId, t.openedAt),
  ],
);
