import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { bytea, timestamps } from "./columns";
import { depositTaken, rentalState, type depositMethods, type depositTakenMethods } from "./enums";
import { bookings } from "./bookings";
import { users } from "./users";

/**
 * The final bill as stored at the return: the value `computeFinalBill` returned
 * (app/modules/pricing/final-bill.ts, docs/domain.md#final-bill), amounts in cents.
 */
export type StoredFinalBill = {
  drivenKm: number;
  fuel: { eighths: number; eighthCents: number; cents: number } | null;
  extraKm: { km: number; allowanceKm: number; kmCents: number; cents: number } | null;
  lateReturn: { days: number; minutesLate: number; dailyPriceCents: number; cents: number } | null;
  damages: Array<{ amountCents: number; note: string }>;
  extrasCents: number;
  /** As taken at the pick-up (`rentals.deposit_taken`); bills stored before 2026-12 name the booking's way. */
  deposit: { cents: number; method: (typeof depositMethods)[number] | (typeof depositTakenMethods)[number] } | null;
  depositCoversCents: number;
  depositReturnedCents: number;
  stillToPayCents: number;
};

/**
 * The rental record beside a booking (docs/domain.md#pick-up): written once when the driver
 * takes the car (its primary key makes a second pick-up impossible, also when two staff race),
 * then completed at the return. The booking's status list (the spec's) is left as it is.
 */
export const rentals = pgTable(
  "rentals",
  {
    bookingId: integer("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /**
     * The booking's car, copied by the trigger `rentals_car_id` from the booking on insert
     * (whatever code writes the row, and whatever it says), so that one index can keep one rental
     * of a car out at a time (`rentals_car_out`, docs/domain.md#pick-up). No default of its own: NOT
     * NULL is checked after the trigger has written it.
     */
    carId: integer("car_id")
      .notNull()
      .default(sql`null`),
    state: rentalState("state").notNull().default("out"),
    pickedUpAt: timestamp("picked_up_at", { withTimezone: true }).notNull(),
    pickedUpBy: integer("picked_up_by").references(() => users.id, { onDelete: "set null" }),
    odometerOutKm: integer("odometer_out_km").notNull(),
    /** The fuel gauge in eighths: 8 full, 0 empty. */
    fuelOutEighths: smallint("fuel_out_eighths").notNull(),
    depositCents: integer("deposit_cents").notNull(),
    /** How the deposit was taken; null when none was (a deposit of 0). */
    depositTaken: depositTaken("deposit_taken"),
    /** The full name the driver typed to sign the agreement. */
    signerName: varchar("signer_name", { length: 120 }).notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
    /**
     * The signature drawn on the pad (a PNG, re-encoded on white), printed on the agreement above
     * the name; null when the name was typed without JavaScript. Kept on the record, not among the
     * public images: only the agreement's readers may see it (docs/domain.md#rental-agreement).
     */
    signature: bytea("signature"),
    /** The language the agreement was shown and signed in (the driver's). */
    language: varchar("language", { length: 2 }).notNull(),
    /**
     * The agreement's PDF as made and emailed at the pick-up: what was signed stays what is
     * downloaded, whatever later changes to the car, the supplier or the driver's account
     * (docs/domain.md#rental-agreement). Null only for records from before it was kept.
     */
    agreementPdf: bytea("agreement_pdf"),
    // The return (docs/domain.md#return): when the car came back (as staff recorded it), its
    // odometer and fuel, who took it back, and the final bill computed then (later changes of
    // the car's or the supplier's prices do not alter a stored bill).
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    returnedBy: integer("returned_by").references(() => users.id, { onDelete: "set null" }),
    odometerInKm: integer("odometer_in_km"),
    fuelInEighths: smallint("fuel_in_eighths"),
    finalBill: jsonb("final_bill").$type<StoredFinalBill>(),
    /** The final receipt's PDF as made and emailed at the return (docs/domain.md#return), kept like the agreement's. */
    finalReceiptPdf: bytea("final_receipt_pdf"),
    // The settlement (docs/domain.md#closing): when staff closed the record and who; what was paid
    // then is the bill's still-to-pay, taken as the payment `counter:close:<booking>`.
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: integer("closed_by").references(() => users.id, { onDelete: "set null" }),
    /** When the driver was reminded, once, to review the rental before its window closes (docs/domain.md#reviews). */
    reviewRemindedAt: timestamp("review_reminded_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("rentals_odometer_out", sql`${t.odometerOutKm} between 0 and 9999999`),
    check("rentals_fuel_out", sql`${t.fuelOutEighths} between 0 and 8`),
    check("rentals_odometer_in", sql`${t.odometerInKm} is null or ${t.odometerInKm} >= ${t.odometerOutKm}`),
    check("rentals_fuel_in", sql`${t.fuelInEighths} is null or ${t.fuelInEighths} between 0 and 8`),
    check("rentals_deposit", sql`${t.depositCents} >= 0 and (${t.depositCents} = 0) = (${t.depositTaken} is null)`),
    // SIGNATURE_MAX_BYTES (app/modules/counter/signature.ts).
    check("rentals_signature", sql`${t.signature} is null or octet_length(${t.signature}) <= 131072`),
    check("rentals_returned", sql`(${t.state} = 'out') = (${t.returnedAt} is null)`),
    check(
      "rentals_return_recorded",
      sql`${t.state} = 'out' or (${t.odometerInKm} is not null and ${t.fuelInEighths} is not null and ${t.finalBill} is not null)`,
    ),
    check("rentals_closed", sql`(${t.state} = 'closed') = (${t.closedAt} is not null)`),
    // One rental of a car out at a time, whoever races (docs/domain.md#pick-up); availability
    // reads the cars out, a few rows, through it too (docs/domain.md#availability).
    uniqueIndex("rentals_car_out")
      .on(t.carId)
      .where(sql`${t.state} = 'out'`),
  ],
);

export type Rental = typeof rentals.$inferSelect;
