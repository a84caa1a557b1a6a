import { index, integer, pgTable, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { bookings } from "./bookings";
import { users } from "./users";

/**
 * Staff's internal notes on a booking (docs/domain.md#internal-notes): read and written by the
 * booking's supplier's staff and admins only, never shown to the driver nor in the API.
 */
export const bookingNotes = pgTable(
  "booking_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: varchar("body", { length: 1000 }).notNull(),
    createdAt,
  },
  (t) => [index("booking_notes_booking_idx").on(t.bookingId, t.createdAt)],
);
