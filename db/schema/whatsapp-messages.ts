import { index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { bookings } from "./bookings";
import { users } from "./users";

/** A message's life as the Cloud API and its webhook tell it (docs/domain.md#whatsapp), in order. */
export const whatsappStatuses = ["queued", "accepted", "sent", "delivered", "read", "failed"] as const;
export type WhatsappStatus = (typeof whatsappStatuses)[number];

/**
 * One WhatsApp template message to a driver (docs/domain.md#whatsapp), written with its outbox job
 * and under the same stable key, so a retried job finds the message it already sent. `wamid` is the
 * Cloud API's id, which the webhook's statuses name; each status keeps the time it first arrived.
 */
export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    key: varchar("key", { length: 200 }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookingId: integer("booking_id").references(() => bookings.id),
    toNumber: varchar("to_number", { length: 16 }).notNull(),
    template: varchar("template", { length: 64 }).notNull(),
    language: varchar("language", { length: 2 }).notNull(),
    parameters: jsonb("parameters").$type<string[]>().notNull(),
    /** The email written instead when WhatsApp refuses the message for good; null when the email goes anyway. */
    fallbackEmail: jsonb("fallback_email").$type<{ jobId: string; payload: Record<string, unknown> }>(),
    status: varchar("status", { length: 16 }).$type<WhatsappStatus>().notNull().default("queued"),
    wamid: varchar("wamid", { length: 128 }),
    /** The Cloud API's error code of a failed message (131026: not a WhatsApp number). */
    errorCode: integer("error_code"),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("whatsapp_messages_key_key").on(t.key),
    uniqueIndex("whatsapp_messages_wamid_key").on(t.wamid),
    index("whatsapp_messages_booking_idx").on(t.bookingId),
  ],
);

export type WhatsappMessage = typeof whatsappMessages.$inferSelect;
