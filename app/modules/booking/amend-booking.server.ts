import { asc, eq, inArray } from "drizzle-orm";
import { openingHoursOf, rentalHandovers, type HoursRefusal } from "~/modules/availability/opening-hours";
import type { PlaceNames } from "~/modules/i18n/place-name";
import { carIsBookableFor } from "~/modules/availability/availability.server";
import { localToInstant } from "~/modules/time/zoned-time";
import { withinPlanHorizon } from "~/modules/time/date-range";
import { changedFields } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.server";
import {
  optionKeys,
  optionPrices,
  priceRental,
  rentalDays,
  rentalFees,
  UnavailableOptionError,
  type OptionKey,
  type PriceBreakdown,
} from "~/modules/pricing/pricing";
import { excessOf } from "~/modules/pricing/cover";
import { ratesForCar } from "~/modules/pricing/seasons.server";
import { getDb, schema } from "~/utils/db.server";
import { EXCLUSION_VIOLATION, sqlState } from "~/utils/postgres.server";
import type { SessionUser } from "~/utils/session.server";
import { bookingDetail } from "./booking-detail.server";
import { driverOldEnough, periodIsValid, requiredDriverAge } from "./checkout-rules";
import { canAmend } from "./eligibility";
import { lockInScope, paidCentsOf } from "./move.server";
import { isPickedUp } from "./rental.server";
import { paymentInFlight } from "./payment-in-flight.server";
import { tellStaff, type BookingBefore } from "./tell-staff.server";
import { bookedYoungDriverRule, youngDriverFeeCents } from "./young-driver";
import { calendarDateIn } from "~/modules/time/calendar";
import { placeNameColumns } from "~/modules/i18n/place-name";

const { bookings, cars, locations, suppliers } = schema;

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

export type Amendment = {
  pickUp: Date;
  dropOff: Date;
  pickupLocationId: number;
  dropoffLocationId: number;
  options: OptionKey[];
  additionalDriver: { name: string; email: string; phone: string; birthDate: string } | null;
  /**
   * The price preview (docs/domain.md#amendment-preview): `preview` checks and prices the change
   * without saving it; `expectedTotalCents` saves it only at the total the driver was shown.
   */
  preview?: boolean;
  expectedTotalCents?: number;
};

export type AmendOutcome =
  | "amended"
  | "notFound"
  | "refused"
  | "unavailable"
  | "pastPickUp"
  /** Longer than the checkout allows (docs/domain.md#days). */
  | "tooLong"
  /** A pick-up past the plan horizon (docs/domain.md#date-range). */
  | "tooFar"
  | "optionUnavailable"
  /** The additional driver option chosen (or included and named) without all the driver's details. */
  | "additionalDriverMissing"
  /** The car was picked up: the booking no longer changes (docs/domain.md#pick-up). */
  | "pickedUp"
  /** A payment of the booking is being made or verified: its amount was computed on the current price. */
  | "paymentInProgress"
  /** The driver, by the birth date the booking keeps, is younger than the car asks on the new pick-up date (docs/domain.md#driver-age). */
  | { driverUnderAge: number }
  /** The additional driver is younger than the car asks on the new pick-up date (docs/domain.md#driver-age), as at checkout. */
  | { additionalUnderAge: number }
  /** A new handover outside its place's hours, which offers no out-of-hours service (docs/domain.md#opening-hours). */
  | { outsideHours: HoursRefusal & { place: PlaceNames } }
  /** Nothing saved: the change's price, asked for (`changed` false) or not the one shown (true). */
  | { preview: PriceBreakdown; changed: boolean };

/** A driver's details are all there (each field non-empty). */
const complete = (d: NonNullable<Amendment["additionalDriver"]>) =>
  Boolean(d.name.trim() && d.email.trim() && d.phone.trim() && d.birthDate.trim());

/**
 * The driver changes their pay-later booking before pick-up (docs/domain.md#cancellation): new
 * dates, places, options and additional driver, under the checkout's own rules (period,
 * options, additional driver and ages), re-priced with priceRental (pay later) from the car's
 * prices now and the facts the booking keeps (the driver's birth date and the young driver rule,
 * docs/domain.md#price-facts), and re-checked
 * with the shared availability predicate, which leaves the booking itself out of the overlap
 * test; the exclusion constraint still refuses a concurrent winner (23P01). Refused while a
 * payment of the booking is in flight: its amount was the old price (docs/domain.md#in-flight).
 */
export async function amendBooking(user: User, id: number, change: Amendment, now = new Date()): Promise<AmendOutcome> {
  if (change.pickUp <= now) return "pastPickUp";
  if (!withinPlanHorizon(change.pickUp, now)) return "tooFar";
  if (!periodIsValid(change.pickUp, change.dropOff, now))
    return change.dropOff > change.pickUp ? "tooLong" : "pastPickUp";
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const booking = await lockInScope(tx, user, id);
      if (!booking) return "notFound";
      if (await isPickedUp(tx, booking.id)) return "pickedUp";
      if (!canAmend(user.id, { ...booking, paidCents: await paidCentsOf(tx, booking.id) }, now)) return "refused";
      // Locked as the checkout locks it: an out-of-service block waits for this change or is seen by it (docs/domain.md#out-of-service).
      const [car] = await tx.select().from(cars).where(eq(cars.id, booking.carId)).for("share");
      // The checkout's rule (bookingChoices): details exactly when the option is chosen, or included and a driver named.
      const included = car.additionalDriverCents === 0;
      const given =
        change.additionalDriver && Object.values(change.additionalDriver).some((v) => v.trim() !== "")
          ? change.additionalDriver
          : null;
      const wanted = change.options.includes("additionalDriver") || (included && given !== null);
      if (wanted && !(given && complete(given))) return "additionalDriverMissing";
      const additionalDriver = wanted ? given : null;
      const options = optionKeys.filter((k) => change.options.includes(k) || (k === "additionalDriver" && wanted));
      const days = rentalDays(change.pickUp, change.dropOff);
      // Both new places: the pick-up place dates the rental's days (docs/domain.md#seasons) and the
      // additional driver's age; both have their hours; a place that does not exist makes the car "unavailable" below.
      const places = await tx
        .select()
        .from(locations)
        .where(inArray(locations.id, [change.pickupLocationId, change.dropoffLocationId]));
      const place = places.find((p) => p.id === change.pickupLocationId);
      const dropoffPlace = places.find((p) => p.id === change.dropoffLocationId);
      if (!place || !dropoffPlace) throw new Unavailable();
      // Today's hours and fees, as a new checkout would meet them (docs/domain.md#opening-hours).
      const handovers = rentalHandovers(
        { id: place.id, timeZone: place.timeZone, hours: openingHoursOf(place) },
        { id: dropoffPlace.id, timeZone: dropoffPlace.timeZone, hours: openingHoursOf(dropoffPlace) },
        change.pickUp,
        change.dropOff,
      );
      if (!handovers.ok) {
        const { refusal } = handovers;
        const { nameEs, nameEn, nameFr, nameEl } = refusal.placeId === place.id ? place : dropoffPlace;
        return { outsideHours: { ...refusal, place: { nameEs, nameEn, nameFr, nameEl } } } as const;
      }
      const [supplier] = await tx
        .select({ oneWayFeeCents: suppliers.oneWayFeeCents })
        .from(suppliers)
        .where(eq(suppliers.id, booking.supplierId));
      const rates = await ratesForCar(tx, car, { pickUp: change.pickUp, days, timeZone: place.timeZone });
      const breakdown = priceRental({
        car: {
          dailyPriceCents: car.dailyPriceCents,
          payLaterFeePercent: car.payLaterFeePercent,
          options: optionPrices(car),
          deposit: { cents: car.depositCents, method: car.depositMethod },
        },
        days,
        rates,
        options,
        payLater: true,
        fees: rentalFees(
          handovers.fees,
          supplier?.oneWayFeeCents ?? 0,
          place.id !== dropoffPlace.id,
          // The driver's facts are the booking's (docs/domain.md#price-facts): the birth date and the
          // young driver rule kept at checkout, on the new pick-up date, whatever the account or the supplier says now.
          youngDriverFeeCents(
            bookedYoungDriverRule(booking),
            booking.driverBirthDate,
            calendarDateIn(place.timeZone, change.pickUp),
            days,
          ),
        ),
      });
      // Both drivers' ages as at checkout, on the new pick-up date at the new pick-up place: the
      // driver's by the birth date the booking keeps (one made before it was kept may have none).
      const minimumAge = requiredDriverAge(car.minimumAge);
      if (
        booking.driverBirthDate !== null &&
        !driverOldEnough(booking.driverBirthDate, change.pickUp, place.timeZone, minimumAge)
      ) {
        return { driverUnderAge: minimumAge } as const;
      }
      if (additionalDriver && !driverOldEnough(additionalDriver.birthDate, change.pickUp, place.timeZone, minimumAge)) {
        return { additionalUnderAge: minimumAge } as const;
      }
      const bookable = await carIsBookableFor(
        {
          carId: car.id,
          locationId: change.pickupLocationId,
          pickUp: change.pickUp,
          dropOff: change.dropOff,
          // A pick-up that does not move is not asked the minimum notice again (docs/domain.md#rental-limits).
          now: change.pickUp.getTime() === booking.startsAt.getTime() ? null : now,
          exceptBookingId: id,
        },
        tx,
      );
      if (!bookable) throw new Unavailable();
      // Every check passed: a preview answers the price, and a save at another price than shown is one too.
      if (change.preview) return { preview: breakdown, changed: false } as const;
      if (change.expectedTotalCents !== undefined && change.expectedTotalCents !== breakdown.totalCents)
        return { preview: breakdown, changed: true } as const;
      // Last, so this answer means "the change is fine but for the open payment" (amendClosingCardAttempts).
      if (await paymentInFlight(tx, id, now)) return "paymentInProgress";
      const chosen = new Set(options);
      await tx
        .update(bookings)
        .set({
          startsAt: change.pickUp,
          endsAt: change.dropOff,
          pickupLocationId: change.pickupLocationId,
          dropoffLocationId: change.dropoffLocationId,
          days,
          priceCents: breakdown.totalCents,
          breakdown,
          ...Object.fromEntries(optionKeys.map((k) => [k, chosen.has(k)])),
          additionalDriverName: additionalDriver?.name ?? null,
          additionalDriverEmail: additionalDriver?.email ?? null,
          additionalDriverPhone: additionalDriver?.phone ?? null,
          additionalDriverBirthDate: additionalDriver?.birthDate ?? null,
        })
        .where(eq(bookings.id, id));
      // docs/domain.md#staff-notices: staff are told with the old values; the audit keeps them too (#audit).
      await tellStaff(tx, id, { kind: "changed", before: booking }, user.id);
      await recordAudit(tx, user, {
        action: "booking.amend",
        subjectType: "booking",
        subjectId: id,
        supplierId: booking.supplierId,
        changes: changedFields<BookingBefore>(booking, {
          startsAt: change.pickUp,
          endsAt: change.dropOff,
          pickupLocationId: change.pickupLocationId,
          dropoffLocationId: change.dropoffLocationId,
          priceCents: breakdown.totalCents,
        }),
      });
      return "amended" as const;
    });
  } catch (error) {
    if (error instanceof Unavailable) return "unavailable";
    if (error instanceof UnavailableOptionError) return "optionUnavailable";
    if (sqlState(error) === EXCLUSION_VIOLATION) return "unavailable";
    throw error;
  }
}

/** An amendment as the driver types it: wall-clock times (`YYYY-MM-DDTHH:mm`) at the chosen pick-up place (docs/domain.md#days). */
export type LocalAmendment = Omit<Amendment, "pickUp" | "dropOff"> & { pickUp: string; dropOff: string };

/**
 * The driver's amendment with its times read on the clock of the chosen pick-up place, which must
 * be one the car serves (else the car is "unavailable" there); then amendBooking decides.
 */
export async function amendAtLocalTimes(
  user: User,
  id: number,
  change: LocalAmendment,
  now = new Date(),
): Promise<AmendOutcome> {
  const detail = await bookingDetail(user, id);
  if (!detail) return "notFound";
  const zone = (await amendChoices(detail.car.id)).places.find((p) => p.id === change.pickupLocationId)?.timeZone;
  const pickUp = zone ? localToInstant(change.pickUp, zone) : null;
  const dropOff = zone ? localToInstant(change.dropOff, zone) : null;
  if (!pickUp || !dropOff) return "unavailable";
  return amendBooking(user, id, { ...change, pickUp, dropOff }, now);
}

/** Rolls the amendment back: the car is not bookable for the new period or place. */
class Unavailable extends Error {}

/** What the amend form offers for a car: the places it serves (with their zones) and the options it offers (cents ≥ 0). */
export async function amendChoices(carId: number) {
  const db = await getDb();
  const [car] = await db.select().from(cars).where(eq(cars.id, carId));
  const places = await db
    .select({
      id: locations.id,
      ...placeNameColumns(locations),
      timeZone: locations.timeZone,
    })
    .from(schema.carLocations)
    .innerJoin(locations, eq(locations.id, schema.carLocations.locationId))
    .where(eq(schema.carLocations.carId, carId))
    .orderBy(asc(locations.nameEs));
  return {
    places,
    options: optionKeys.filter((k) => car[`${k}Cents`] >= 0),
    // What the form says beside each cover (docs/domain.md#cover).
    optionCents: optionPrices(car),
    excess: excessOf(car),
  };
}
