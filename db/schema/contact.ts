import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: varchar("email", { length: 254 }).notNull(),
    subject: varchar("subject", { length: 200 }).notNull(),
    message: text("message").notNull(),
    language: varchar("language", { length: 2 }).notNull(),
    /** Set when an admin marks the message handled in the contact inbox. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: integer("handled_by").references(() => users.id, { onDelete: "set null" }),
    createdAt,
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

export type ContactMessage = typeof contactMessages.$inferSelect;
