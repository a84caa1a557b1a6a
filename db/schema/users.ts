import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, timestamps } from "./columns";
import { recordStatus, tokenKind, userType } from "./enums";
import { suppliers } from "./suppliers";

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: varchar("email", { length: 254 }).notNull(),
    passwordHash: text("password_hash"),
    fullName: varchar("full_name", { length: 120 }).notNull(),
    phone: varchar("phone", { length: 32 }),
    location: varchar("location", { length: 120 }),
    bio: varchar("bio", { length: 500 }),
    birthDate: date("birth_date"),
    /** 1 identity card, 2 passport (spec enumeration). */
    documentType: smallint("document_type"),
    documentNumber: varchar("document_number", { length: 32 }),
    /** The driving licence, asked at the first pick-up and shown on the agreement (docs/domain.md#pick-up). */
    licenceNumber: varchar("licence_number", { length: 32 }),
    /** The country (or state) that issued the licence, as typed. */
    licenceCountry: varchar("licence_country", { length: 60 }),
    licenceExpiresOn: date("licence_expires_on"),
    avatar: text("avatar"),
    type: userType("type").notNull().default("user"),
    language: varchar("language", { length: 2 }).notNull().default("es"),
    enableEmailNotifications: boolean("enable_email_notifications").notNull().default(true),
    /**
     * WhatsApp consent (docs/domain.md#whatsapp): the number in E.164 and when the driver opted in;
     * messages go there only while opted in after the last opt-out (settings or "STOP").
     */
    whatsappNumber: varchar("whatsapp_number", { length: 16 }),
    whatsappOptedInAt: timestamp("whatsapp_opted_in_at", { withTimezone: true }),
    whatsappOptedOutAt: timestamp("whatsapp_opted_out_at", { withTimezone: true }),
    activated: boolean("activated").notNull().default(false),
    blacklisted: boolean("blacklisted").notNull().default(false),
    supplierId: integer("supplier_id").references(() => suppliers.id),
    status: recordStatus("status").notNull().default("active"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_supplier_idx").on(t.supplierId),
    // An inbound "STOP" names the sender's number only.
    index("users_whatsapp_number_idx").on(t.whatsappNumber),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    persistent: boolean("persistent").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt,
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const tokens = pgTable(
  "tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: tokenKind("kind").notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt,
  },
  (t) => [uniqueIndex("tokens_hash_key").on(t.tokenHash), index("tokens_expires_idx").on(t.expiresAt)],
);

/**
 * Bearer tokens of the JSON API (docs/security.md#api-tokens): 32 random bytes given to the
 * client once, stored as their SHA-256. Deleted on sign-out, password change and suspension.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt,
  },
  (t) => [uniqueIndex("api_tokens_hash_key").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
