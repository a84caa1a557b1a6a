import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { blockReason } from "./enums";
import { cars } from "./cars";
import { users } from "./users";

/**
 * A car out of service for [starts_at, ends_at) (docs/domain.md#out-of-service): the search and
 * the checkout treat it as taken, as a booking. Blocks of one car may overlap each other; a block
 * never overlaps a blocking booking of its car: both sides lock the car row first
 * (docs/domain.md#out-of-service).
 */
export const carBlocks = pgTable(
  "car_blocks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    carId: integer("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    reason: blockReason("reason").notNull(),
    note: varchar("note", { length: 500 }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt,
  },
  (t) => [
    check("car_blocks_dates_order", sql`${t.endsAt} > ${t.startsAt}`),
    // The availability probe reads a car's blocks that end after the pick-up.
    index("car_blocks_car_end").on(t.carId, t.endsAt, t.startsAt),
  ],
);

export type CarBlock = typeof carBlocks.$inferSelect;
