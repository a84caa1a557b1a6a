import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { availability, carCategory, depositMethod, fuelPolicy, fuelType, gearbox, recordStatus } from "./enums";
import { locations } from "./locations";
import { suppliers } from "./suppliers";

/**
 * Option prices are integer cents with the spec's convention:
 * -1 unavailable, 0 included, > 0 price per day (cancellation: flat, once).
 */
export const cars = pgTable(
  "cars",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    name: varchar("name", { length: 120 }).notNull(),
    image: text("image"),
    /** docs/domain.md#car-categories */
    category: carCategory("category").notNull().default("economy"),
    /** Large suitcases the boot holds (docs/domain.md#car-categories). */
    bags: smallint("bags").notNull().default(2),
    /** The supplier may hand over another car of the same category ("Chevrolet Spark or similar"). */
    orSimilar: boolean("or_similar").notNull().default(false),
    dailyPriceCents: integer("daily_price_cents").notNull(),
    /** Longer-rental daily prices (docs/domain.md#long-rental-rates): from 7 and from 28 days, when cheaper. */
    weeklyDailyPriceCents: integer("weekly_daily_price_cents"),
    monthlyDailyPriceCents: integer("monthly_daily_price_cents"),
    depositCents: integer("deposit_cents").notNull().default(0),
    /** How the deposit is taken at the counter (docs/domain.md#deposit). */
    depositMethod: depositMethod("deposit_method").notNull().default("cardHold"),
    minimumAge: smallint("minimum_age").notNull().default(21),
    /**
     * The car's own young driver fee per day, over its supplier's (docs/domain.md#young-driver-fee):
     * null keeps the supplier's fee, 0 charges none for this car. The age stays the supplier's.
     */
    youngDriverFeeCents: integer("young_driver_fee_cents"),
    seats: smallint("seats").notNull(),
    doors: smallint("doors").notNull(),
    aircon: boolean("aircon").notNull().default(true),
    fuelType: fuelType("fuel_type").notNull(),
    gearbox: gearbox("gearbox").notNull(),
    fuelPolicy: fuelPolicy("fuel_policy").notNull(),
    /** Kilometres per day; -1 means unlimited. */
    mileage: integer("mileage").notNull().default(-1),
    /** The price of each kilometre beyond the mileage allowance, in cents (docs/domain.md#final-bill); 0 when unlimited. */
    extraKmCents: integer("extra_km_cents").notNull().default(0),
    payLaterFeePercent: smallint("pay_later_fee_percent").notNull().default(0),
    cancellationCents: integer("cancellation_cents").notNull().default(-1),
    gpsCents: integer("gps_cents").notNull().default(-1),
    homeDeliveryCents: integer("home_delivery_cents").notNull().default(-1),
    babyChairCents: integer("baby_chair_cents").notNull().default(-1),
    theftProtectionCents: integer("theft_protection_cents").notNull().default(-1),
    collisionDamageWaiverCents: integer("collision_damage_waiver_cents").notNull().default(-1),
    fullInsuranceCents: integer("full_insurance_cents").notNull().default(-1),
    additionalDriverCents: integer("additional_driver_cents").notNull().default(-1),
    /** What the driver still pays after damage or theft with each cover, in cents (docs/domain.md#cover). */
    collisionDamageWaiverExcessCents: integer("collision_damage_waiver_excess_cents").notNull().default(0),
    theftProtectionExcessCents: integer("theft_protection_excess_cents").notNull().default(0),
    fullInsuranceExcessCents: integer("full_insurance_excess_cents").notNull().default(0),
    availability: availability("availability").notNull().default("available"),
    status: recordStatus("status").notNull().default("active"),
    /** The number plate as staff typed it, upper case (docs/domain.md#fleet-data); null until entered. */
    plate: varchar("plate", { length: 16 }),
    /** Vehicle identification number: 17 letters and digits, without I, O, Q (docs/domain.md#fleet-data). */
    vin: varchar("vin", { length: 17 }),
    colour: varchar("colour", { length: 40 }),
    year: smallint("year"),
    ...timestamps,
  },
  (t) => [
    check("cars_extra_km_cents", sql`${t.extraKmCents} between 0 and 10000`),
    check("cars_young_driver_fee", sql`${t.youngDriverFeeCents} between 0 and 100000000`),
    index("cars_price_id").on(t.dailyPriceCents, t.id),
    index("cars_supplier_idx").on(t.supplierId),
    // docs/domain.md#fleet-data: one plate per supplier, compared without case, spaces or dashes;
    // a deleted car gives its plate back.
    uniqueIndex("cars_supplier_plate")
      .on(t.supplierId, sql`upper(regexp_replace(${t.plate}, '[^A-Za-z0-9]', '', 'g'))`)
      .where(sql`${t.plate} is not null and ${t.status} <> 'deleted'`),
  ],
);

/**
 * The places a car is rented from. Each row also carries a copy of the car's search
 * columns, kept by triggers (migrations 0003, 0021) and never written by the application: the
 * search reads one place's cars, prices and filters included, from a single index
 * (`car_locations_search`), instead of reading every car to find the place's.
 */
export const carLocations = pgTable(
  "car_locations",
  {
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    carId: integer("car_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    dailyPriceCents: integer("daily_price_cents"),
    /** The longer-rental prices, so the search orders by the real total from its index (docs/domain.md#search-order). */
    weeklyDailyPriceCents: integer("weekly_daily_price_cents"),
    monthlyDailyPriceCents: integer("monthly_daily_price_cents"),
    supplierId: integer("supplier_id"),
    depositCents: integer("deposit_cents"),
    seats: smallint("seats"),
    doors: smallint("doors"),
    aircon: boolean("aircon"),
    fuelType: fuelType("fuel_type"),
    gearbox: gearbox("gearbox"),
    mileage: integer("mileage"),
    fuelPolicy: fuelPolicy("fuel_policy"),
    category: carCategory("category"),
    bags: smallint("bags"),
    /** The car is available and active. */
    bookable: boolean("bookable"),
  },
  (t) => [
    primaryKey({ name: "car_locations_loc_car", columns: [t.locationId, t.carId] }),
    index("car_locations_car_idx").on(t.carId),
  ],
);

export type Car = typeof cars.$inferSelect;
