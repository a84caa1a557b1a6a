import { boolean, index, integer, jsonb, pgTable, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { bookings } from "./bookings";
import { users } from "./users";

export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookingId: integer("booking_id").references(() => bookings.id),
    /** i18n key and its values, so each reader sees it in their own language. */
    messageKey: varchar("message_key", { length: 80 }).notNull(),
    params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
    isRead: boolean("is_read").notNull().default(false),
    createdAt,
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);
