import { sql } from "drizzle-orm";
import { check, date, doublePrecision, integer, jsonb, pgTable, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { locationKind } from "./enums";

/** Per weekday (mon … sun) "HH:MM" opening and closing times, or null: closed that day (docs/domain.md#opening-hours). */
type WeekHours = Record<"mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun", { open: string; close: string } | null>;

export const locations = pgTable(
  "locations",
  {
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
    /** Opening hours on the place's clock; null: no hours set, open at any time (docs/domain.md#opening-hours). */
    openingHours: jsonb("opening_hours").$type<WeekHours>(),
    /** Dates the place is closed all day (holidays), on its calendar. */
    closedDates: date("closed_dates", { mode: "string" })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    /** What a handover outside the hours costs, in cents; null: refused outside the hours. */
    outOfHoursFeeCents: integer("out_of_hours_fee_cents"),
    ...timestamps,
  },
  (t) => [check("locations_out_of_hours_fee", sql`${t.outOfHoursFeeCents} between 0 and 100000000`)],
);

export type Location = typeof locations.$inferSelect;
