import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, smallint, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { cars } from "./cars";
import { suppliers } from "./suppliers";

/**
 * A supplier's season (docs/domain.md#seasons): the calendar days `first_day`..`last_day`
 * (both included, in the pick-up place's zone) price its fleet at the rental's base rate plus
 * `percent` (−90 to +500; 0 leaves it), unless the season fixes a car's own daily price in
 * `season_car_prices`. One supplier's seasons never overlap: the exclusion constraint
 * `seasons_no_overlap` (custom SQL of the migration) guarantees it.
 */
export const seasons = pgTable(
  "seasons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    name: varchar("name", { length: 60 }).notNull(),
    firstDay: date("first_day").notNull(),
    lastDay: date("last_day").notNull(),
    percent: smallint("percent").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("seasons_days_order", sql`${t.lastDay} >= ${t.firstDay}`),
    check("seasons_percent", sql`${t.percent} between -90 and 500`),
    index("seasons_supplier_days").on(t.supplierId, t.lastDay),
  ],
);

/** A season's fixed daily price for one car, in cents (docs/domain.md#seasons). */
export const seasonCarPrices = pgTable(
  "season_car_prices",
  {
    seasonId: integer("season_id")
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    carId: integer("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    dailyPriceCents: integer("daily_price_cents").notNull(),
  },
  (t) => [
    primaryKey({ name: "season_car_prices_pk", columns: [t.seasonId, t.carId] }),
    index("season_car_prices_car").on(t.carId),
    check("season_car_prices_positive", sql`${t.dailyPriceCents} > 0`),
  ],
);

export type Season = typeof seasons.$inferSelect;
