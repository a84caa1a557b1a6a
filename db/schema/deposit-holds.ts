import { sql } from "drizzle-orm";
import { check, integer, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { bookings } from "./bookings";
import { depositHoldStatus } from "./enums";
import { users } from "./users";

/**
 * A booking's card deposit held for real (docs/domain.md#card-deposit-hold): a Stripe PaymentIntent
 * with manual capture (or the demo gateway's stand-in), authorised by the driver on the card page,
 * later captured in part for a claim or released. Never a payment of the booking: it counts toward
 * nothing "paid". One row per booking; a new attempt before the card was authorised replaces it.
 */
export const depositHolds = pgTable(
  "deposit_holds",
  {
    bookingId: integer("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** `stripe` or `demo` (docs/domain.md#card-payments). */
    gateway: varchar("gateway", { length: 8 }).notNull(),
    /** The Checkout Session (or the demo attempt) the driver authorises the hold on. */
    sessionId: varchar("session_id", { length: 128 }).notNull(),
    /** The PaymentIntent holding the money, once the card was authorised. */
    intentId: varchar("intent_id", { length: 128 }),
    status: depositHoldStatus("status").notNull().default("open"),
    amountCents: integer("amount_cents").notNull(),
    /** What a claim took from the hold (docs/domain.md#card-deposit-hold); the rest went back. */
    capturedCents: integer("captured_cents").notNull().default(0),
    /** When the card's authorisation lapses (Stripe's `capture_before`): after it the deposit is not held. */
    heldUntil: timestamp("held_until", { withTimezone: true }),
    /** The settlement staff asked for (capture this much, 0 = release), sent by the job `settle-deposit-hold`. */
    settleCents: integer("settle_cents"),
    settledBy: integer("settled_by").references(() => users.id, { onDelete: "set null" }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    startedBy: integer("started_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("deposit_holds_session_key").on(t.sessionId),
    uniqueIndex("deposit_holds_intent_key").on(t.intentId),
    check("deposit_holds_amount", sql`${t.amountCents} between 1 and 100000000`),
    check("deposit_holds_captured", sql`${t.capturedCents} between 0 and ${t.amountCents}`),
    check("deposit_holds_settle", sql`${t.settleCents} is null or ${t.settleCents} between 0 and ${t.amountCents}`),
    check("deposit_holds_held", sql`${t.status} in ('open', 'failed') or ${t.intentId} is not null`),
  ],
);

export type DepositHold = typeof depositHolds.$inferSelect;
