import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { bookings } from "./bookings";
import { depositEntryKind, depositTaken } from "./enums";
import { users } from "./users";

/**
 * The deposit ledger (docs/domain.md#deposit-ledger): every movement of a booking's security
 * deposit, in integer cents — received at the pick-up, retained by the final bill, refunded to the
 * driver. What is still held is received − refunded − retained; entries are only ever added.
 */
export const depositLedger = pgTable(
  "deposit_ledger",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: depositEntryKind("kind").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** How the money came or went back; null for a retained entry (it does not move). */
    method: depositTaken("method"),
    /** The transfer's or receipt's reference, as staff typed it; null when there is none (cash). */
    reference: varchar("reference", { length: 100 }),
    /** Why a retained entry keeps the money (`finalBill`: the final bill's extras); null otherwise. */
    reason: varchar("reason", { length: 200 }),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    createdAt,
  },
  (t) => [
    index("deposit_ledger_booking_idx").on(t.bookingId, t.recordedAt),
    check("deposit_ledger_amount", sql`${t.amountCents} between 1 and 100000000`),
    check("deposit_ledger_method", sql`(${t.kind} = 'retained') = (${t.method} is null)`),
    check("deposit_ledger_reason", sql`(${t.kind} = 'retained') = (${t.reason} is not null)`),
  ],
);

export type DepositEntry = typeof depositLedger.$inferSelect;
