import { index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { paymentMethod, paymentStatus } from "./enums";
import { bookings } from "./bookings";
import { users } from "./users";

export const payments = pgTable(
  "payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id),
    method: paymentMethod("method").notNull(),
    status: paymentStatus("status").notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    currency: varchar("currency", { length: 3 }).notNull().default("USD"),
    /** Stripe session id, pago móvil bank+reference, or TRON transaction id: one payment each. */
    providerReference: varchar("provider_reference", { length: 128 }),
    details: jsonb("details").$type<Record<string, string | number | null>>().notNull().default({}),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    verifiedBy: integer("verified_by").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payments_provider_reference_key").on(t.providerReference),
    index("payments_booking_idx").on(t.bookingId),
  ],
);

export type Payment = typeof payments.$inferSelect;
