import { sql } from "drizzle-orm";
import { check, integer, pgTable, varchar } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns";

/**
 * Uploaded pictures (avatars now; car images and supplier logos later), kept in the
 * database so every web process serves them (docs/operations.md#uploads). The key is the
 * SHA-256 of the bytes: the same picture is stored once, and its URL never changes meaning.
 */
export const images = pgTable(
  "images",
  {
    key: varchar("key", { length: 64 }).primaryKey(),
    contentType: varchar("content_type", { length: 32 }).notNull(),
    bytes: bytea("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt,
  },
  (t) => [check("images_key_is_sha256_hex", sql`${t.key} ~ '^[0-9a-f]{64}$'`)],
);

export type StoredImage = typeof images.$inferSelect;
