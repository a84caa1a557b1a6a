import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { bookings } from "./bookings";
import { users } from "./users";

/*
 * Hand-off links (docs/security.md#payment-hand-off): an app signed in with a bearer token asks for
 * one to open a booking's payment page in a browser that has no Rueda cookie. Single use, short
 * lived, and only its SHA-256 is stored, like the emailed links of `tokens`.
 */
export const paymentHandoffs = pgTable(
  "payment_handoffs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** The driver who asked: the link opens nothing once the booking is no longer theirs or the account is closed. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    /** The payment page it opens: `card`, `mobile`, `usdt` or `binance`; null for the page that lists the methods. */
    method: varchar("method", { length: 16 }),
    /** Where the browser goes back to the app, checked against the operator's list when made and when used. */
    returnUrl: varchar("return_url", { length: 2048 }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt,
  },
  (t) => [
    uniqueIndex("payment_handoffs_hash_key").on(t.tokenHash),
    index("payment_handoffs_expires_idx").on(t.expiresAt),
    index("payment_handoffs_booking_idx").on(t.bookingId),
  ],
);
