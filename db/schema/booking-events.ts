import { index, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { bookingStatus } from "./enums";
import { bookings } from "./bookings";
import { users } from "./users";

/** Every status change of a booking: who (null when the system did it), when, from, to (docs/domain.md#booking-status). */
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    fromStatus: bookingStatus("from_status").notNull(),
    toStatus: bookingStatus("to_status").notNull(),
    note: varchar("note", { length: 200 }),
  },
  (t) => [index("booking_events_booking_idx").on(t.bookingId, t.at)],
);

export type BookingEvent = typeof bookingEvents.$inferSelect;
