import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { bookingStatus, paymentMethod, type depositMethods } from "./enums";
import { cars } from "./cars";
import { locations } from "./locations";
import { suppliers } from "./suppliers";
import { users } from "./users";

/** The price as computed on the server when the booking was made or amended. */
export type PriceBreakdown = {
  days: number;
  dailyPriceCents: number;
  /** The days by daily price (docs/domain.md#seasons); absent on bookings made before seasons. */
  rates?: Array<{ days: number; dailyPriceCents: number; rate: "daily" | "weekly" | "monthly"; season: string | null }>;
  options: Record<string, number>;
  /** Out-of-hours, one-way and young driver fees above 0 (docs/domain.md#fees); absent on bookings made before fees existed. */
  fees?: Partial<Record<"outOfHoursPickUp" | "outOfHoursDropOff" | "oneWay" | "youngDriver", number>>;
  subtotalCents: number;
  payLaterFeePercent: number;
  totalCents: number;
  /** The deposit the booking was made with (absent on bookings made before it was recorded). */
  deposit?: { cents: number; method: (typeof depositMethods)[number] };
};

/*
 * Overlap guarantee: the EXCLUDE constraint `bookings_no_overlap` over
 * (car_id, tstzrange(starts_at, blocked_until)) for blocking statuses lives in the
 * custom SQL of the migrations (0001, then 0013_availability_rules with the preparation
 * time), because drizzle-kit cannot express exclusion constraints.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reference: varchar("reference", { length: 16 }).notNull().unique(),
    carId: integer("car_id")
      .notNull()
      .references(() => cars.id),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    driverId: integer("driver_id")
      .notNull()
      .references(() => users.id),
    pickupLocationId: integer("pickup_location_id")
      .notNull()
      .references(() => locations.id),
    dropoffLocationId: integer("dropoff_location_id")
      .notNull()
      .references(() => locations.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /**
     * The drop-off plus the supplier's preparation time when the booking was made or its
     * period last changed (docs/domain.md#preparation): the car is held until then. Set by the
     * trigger `bookings_blocked_until` on every insert and every write of `ends_at`; the
     * default only stands until the trigger runs.
     */
    blockedUntil: timestamp("blocked_until", { withTimezone: true })
      .notNull()
      .default(sql`'infinity'`),
    status: bookingStatus("status").notNull(),
    days: smallint("days").notNull(),
    priceCents: integer("price_cents").notNull(),
    breakdown: jsonb("breakdown").$type<PriceBreakdown>().notNull(),
    paymentMethod: paymentMethod("payment_method").notNull(),
    cancellation: boolean("cancellation").notNull().default(false),
    gps: boolean("gps").notNull().default(false),
    homeDelivery: boolean("home_delivery").notNull().default(false),
    babyChair: boolean("baby_chair").notNull().default(false),
    theftProtection: boolean("theft_protection").notNull().default(false),
    collisionDamageWaiver: boolean("collision_damage_waiver").notNull().default(false),
    fullInsurance: boolean("full_insurance").notNull().default(false),
    additionalDriver: boolean("additional_driver").notNull().default(false),
    additionalDriverName: varchar("additional_driver_name", { length: 120 }),
    additionalDriverEmail: varchar("additional_driver_email", { length: 254 }),
    additionalDriverPhone: varchar("additional_driver_phone", { length: 32 }),
    additionalDriverBirthDate: date("additional_driver_birth_date"),
    /**
     * The facts the price was computed from that are the driver's, not the car's
     * (docs/domain.md#price-facts): the driver's birth date at checkout (null only on a booking made
     * before it was stored, whose account had none), and the young driver rule in force then —
     * the age and the fee per day, both null when the car had no fee. Amendments price from these,
     * never from the account or the supplier as they are now.
     */
    driverBirthDate: date("driver_birth_date"),
    youngDriverAge: smallint("young_driver_age"),
    youngDriverFeeCents: integer("young_driver_fee_cents"),
    /**
     * The Bs/USD rate that applied on the day the booking was made, and that rate's date
     * (docs/domain.md#exchange-rate): its bolívares are shown at this rate, never today's. Null
     * when no rate applied that day.
     */
    usdToBsRate: numeric("usd_to_bs_rate", { precision: 14, scale: 4 }),
    rateDate: date("rate_date"),
    cancelRequest: boolean("cancel_request").notNull().default(false),
    /** While status is void, the car is held for online payment until this instant. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /**
     * A visitor's pay-later booking, made with an address nobody has proven, holds its car until
     * this instant unless the account is activated or money comes in (docs/domain.md#unproven-holds);
     * null for every other booking.
     */
    unprovenReleaseAt: timestamp("unproven_release_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("bookings_dates_order", sql`${t.endsAt} > ${t.startsAt}`),
    check("bookings_price_positive", sql`${t.priceCents} >= 0`),
    check("bookings_blocked_after_end", sql`${t.blockedUntil} >= ${t.endsAt}`),
    // The young driver rule as the supplier's columns allow it, and whole: an age without a fee is no rule.
    check(
      "bookings_young_driver_rule",
      sql`(${t.youngDriverAge} is null and ${t.youngDriverFeeCents} is null) or (${t.youngDriverAge} between 21 and 99 and ${t.youngDriverFeeCents} between 1 and 100000000)`,
    ),
    // The fleet calendar and the occupancy read a car's bookings by their end.
    index("bookings_car_blocking")
      .on(t.carId, t.endsAt, t.startsAt)
      .where(sql`${t.status} in ('void', 'pending', 'deposit', 'paid', 'reserved')`),
    // Ordered by the end of the hold within a car: the availability probe reads one entry (availability.server.ts).
    index("bookings_car_held")
      .on(t.carId, t.blockedUntil, t.startsAt)
      .where(sql`${t.status} in ('void', 'pending', 'deposit', 'paid', 'reserved')`),
    index("bookings_driver_idx").on(t.driverId, t.createdAt),
    index("bookings_supplier_idx").on(t.supplierId, t.createdAt),
    index("bookings_hold_idx")
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'void'`),
    // The minute sweep reads the pending ones past their deadline (booking/unproven-holds.server.ts).
    index("bookings_unproven_release_idx")
      .on(t.unprovenReleaseAt)
      .where(sql`${t.status} = 'pending' and ${t.unprovenReleaseAt} is not null`),
  ],
);

export type Booking = typeof bookings.$inferSelect;
