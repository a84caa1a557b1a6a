import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";

/*
 * USDT payment attempts (docs/domain.md#usdt): what a booking's page asked the payer to send —
 * the balance plus a tag of micro-USDT — and when. A transfer pays a booking only when it carries
 * exactly one of its attempts' amounts, in a block within that attempt's window.
 */
export const usdtAttempts = pgTable(
  "usdt_attempts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id),
    /** The balance the attempt was opened for: once the booking's balance differs, the attempt is void. */
    balanceCents: integer("balance_cents").notNull(),
    /** The exact amount to send, in USDT base units (6 decimals): balance × 10,000 + the tag. */
    amountUnits: bigint("amount_units", { mode: "bigint" }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set once the window (with its grace) is over: from then on another attempt may take the same amount. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    // Two attempts whose windows can still overlap never share an amount, so an amount and a block time name one attempt.
    uniqueIndex("usdt_attempts_open_amount_key")
      .on(t.amountUnits)
      .where(sql`${t.releasedAt} is null`),
    index("usdt_attempts_booking_idx").on(t.bookingId, t.openedAt),
    index("usdt_attempts_unreleased_idx")
      .on(t.expiresAt)
      .where(sql`${t.releasedAt} is null`),
  ],
);
