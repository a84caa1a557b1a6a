import { doublePrecision, integer, pgTable, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { locationKind } from "./enums";

export const locations = pgTable("locations", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: varchar("slug", { length: 80 }).notNull().unique(),
  kind: locationKind("kind").notNull().default("city"),
  nameEs: varchar("name_es", { length: 120 }).notNull(),
  nameEn: varchar("name_en", { length: 120 }).notNull(),
  nameFr: varchar("name_fr", { length: 120 }).notNull(),
  nameEl: varchar("name_el", { length: 120 }).notNull(),
  address: varchar("address", { length: 250 }).notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  /** IANA zone in which pick-up and drop-off times at this place are entered. */
  timeZone: varchar("time_zone", { length: 64 }).notNull().default("America/Caracas"),
  /** Where to meet at the counter, in each language (docs/domain.md#voucher); empty when not given. */
  counterEs: varchar("counter_es", { length: 500 }).notNull().default(""),
  counterEn: varchar("counter_en", { length: 500 }).notNull().default(""),
  counterFr: varchar("counter_fr", { length: 500 }).notNull().default(""),
  counterEl: varchar("counter_el", { length: 500 }).notNull().default(""),
  ...timestamps,
});

export type Location = typeof locations.$inferSelect;
