import { inArray } from "drizzle-orm";
import { carIsBookableFor } from "~/modules/availability/availability.server";
import { limitFailure } from "~/modules/availability/limits";
import { openingHoursOf, rentalHandovers } from "~/modules/availability/opening-hours";
import { notify } from "~/modules/notification/notify.server";
import { HOLD_MINUTES } from "~/modules/booking/methods";
import { optionKeys, priceRental, rentalDays, rentalFees, type OptionKey } from "~/modules/pricing/pricing";
import { ratesForCar } from "~/modules/pricing/seasons.server";
import { getDb, schema, type Transaction } from "~/utils/db.server";
import { findCar, type CheckoutCar } from "./checkout-car.server";
import { signedInDriver, visitorAccount, type Driver } from "./checkout-driver.server";
import { unpaidCapFailure } from "./checkout-limits.server";
import {
  CheckoutRefused,
  refuse,
  type CheckoutFailure,
  type CheckoutInput,
  type CheckoutResult,
} from "./checkout-outcome";
import { driverOldEnough, periodIsValid, requiredDriverAge, unavailableOption } from "./checkout-rules";
import { enqueueBookingConfirmation } from "./confirmation.server";
import { saveWhatsappConsent } from "~/modules/whatsapp/consent.server";
import { insertBooking } from "./insert-booking.server";
import { tellStaff } from "./tell-staff.server";
import { endExpiredHolds } from "./holds.server";
import { unprovenReleaseAt } from "./unproven-holds.server";
import { bookedRuleColumns, youngDriverFeeCents } from "./young-driver";
import { calendarDateIn } from "~/modules/time/calendar";
import { EXCLUSION_VIOLATION, sqlState, UNIQUE_VIOLATION } from "~/utils/postgres.server";
import { isRowId } from "~/utils/row-id";

const { locations } = schema;

/**
 * Books a car, with pay later or as a hold for online payment (docs/domain.md#availability, #price,
 * #driver-age, #payments), all in one
 * transaction: cancels the car's expired holds, checks the period, the car and its place, the
 * options, both drivers' ages and the terms, creates a visitor's account, prices the rental on
 * the server, inserts the booking and writes its notifications and emails (docs/architecture.md#outbox).
 * Any refusal, including losing the race for the car to a concurrent checkout (the exclusion
 * constraint `bookings_no_overlap`), rolls everything back and is reported, never thrown.
 */
export async function createBooking(input: CheckoutInput, now = new Date()): Promise<CheckoutResult> {
  const early = checkRequest(input, now);
  if (early) return { ok: false, ...early };
  const db = await getDb();
  try {
    return await db.transaction((tx) => book(tx, input, now));
  } catch (error) {
    if (error instanceof CheckoutRefused) return { ok: false, ...error.failure };
    const state = sqlState(error);
    if (state === EXCLUSION_VIOLATION) return { ok: false, reason: "unavailable" };
    // Only the users' email index can clash here: the reference is retried inside `insertBooking`.
    if (state === UNIQUE_VIOLATION) return { ok: false, reason: "emailTaken" };
    throw error;
  }
}

/** The checks that need no database. */
function checkRequest(input: CheckoutInput, now: Date): CheckoutFailure | null {
  if (!periodIsValid(input.from, input.to, now)) return { reason: "pastDates" };
  const chosenAdditional = input.options.includes("additionalDriver");
  if (chosenAdditional !== (input.additionalDriver !== null)) return { reason: "additionalDriverMissing" };
  if (input.driver.kind === "visitor" && !input.acceptedTerms) return { reason: "termsNotAccepted" };
  return null;
}

async function book(tx: Transaction, input: CheckoutInput, now: Date): Promise<CheckoutResult> {
  const { from, to } = input;
  const options = [...new Set(input.options)];

  // docs/domain.md#availability: an expired hold blocks until it is cancelled, so end this car's first.
  if (isRowId(input.carId)) await endExpiredHolds(tx, now, { carId: input.carId, limit: 1_000 });

  const car = (await findCar(tx, input.carId)) ?? refuse({ reason: "carNotFound" });
  const beyondLimits = limitFailure(car.limits, from, to, now);
  if (beyondLimits) refuse(beyondLimits);
  const payLater = input.paymentMethod === "payLater";
  if (payLater && !car.payLaterAllowed) refuse({ reason: "payLaterUnavailable" });
  const placeIds = [...new Set([input.pickupLocationId, input.dropoffLocationId].filter(isRowId))];
  const places = placeIds.length ? await tx.select().from(locations).where(inArray(locations.id, placeIds)) : [];
  const pickup = places.find((place) => place.id === input.pickupLocationId);
  const dropoff = places.find((place) => place.id === input.dropoffLocationId);
  if (!pickup || !dropoff || !car.locationIds.includes(pickup.id)) refuse({ reason: "notServed" });
  // Each handover on its own place's clock, read in this transaction (docs/domain.md#opening-hours).
  const handovers = rentalHandovers(
    { id: pickup.id, timeZone: pickup.timeZone, hours: openingHoursOf(pickup) },
    { id: dropoff.id, timeZone: dropoff.timeZone, hours: openingHoursOf(dropoff) },
    from,
    to,
  );
  if (!handovers.ok) {
    const { refusal } = handovers;
    const { nameEs, nameEn, nameFr, nameEl } = refusal.placeId === pickup.id ? pickup : dropoff;
    refuse({ ...refusal, place: { nameEs, nameEn, nameFr, nameEl } });
  }

  const unavailable = unavailableOption(options, car.options);
  if (unavailable !== null) refuse({ reason: "optionUnavailable", option: unavailable as OptionKey });

  if (!(await carIsBookableFor({ carId: car.id, locationId: pickup.id, pickUp: from, dropOff: to, now }, tx)))
    refuse({ reason: "unavailable" });

  const minimumAge = requiredDriverAge(car.minimumAge);
  const zone = pickup.timeZone;
  const given = input.driver;
  // A signed-in driver is read once, birth date included; a visitor's account is made after the checks.
  const account = given.kind === "user" ? await signedInDriver(tx, given.userId) : null;
  const driverBirthDate = given.kind === "visitor" ? given.birthDate : (account?.birthDate ?? null);
  if (!driverOldEnough(driverBirthDate, from, zone, minimumAge))
    refuse({ reason: "underAge", who: "driver", minimumAge });
  if (input.additionalDriver && !driverOldEnough(input.additionalDriver.birthDate, from, zone, minimumAge)) {
    refuse({ reason: "underAge", who: "additionalDriver", minimumAge });
  }
  const driver = account ?? (await visitorAccount(tx, given, now));
  const driverId = driver.id;
  const overCap = await unpaidCapFailure(tx, driverId, now);
  if (overCap) refuse(overCap);
  // Before the confirmation is written, so it goes to WhatsApp too (docs/domain.md#whatsapp).
  if (input.whatsappNumber) await saveWhatsappConsent(driverId, input.whatsappNumber, { executor: tx, now });

  const days = rentalDays(from, to);
  const rates = await ratesForCar(tx, car, { pickUp: from, days, timeZone: zone });
  const breakdown = priceRental({
    car,
    days,
    rates,
    options,
    payLater,
    fees: rentalFees(
      handovers.fees,
      car.oneWayFeeCents,
      pickup.id !== dropoff.id,
      youngDriverFeeCents(car.youngDriver, driverBirthDate, calendarDateIn(zone, from), days),
    ),
  });
  const extra = input.additionalDriver;
  const booking = await insertBooking(
    tx,
    {
      carId: car.id,
      supplierId: car.supplierId,
      driverId,
      pickupLocationId: pickup.id,
      dropoffLocationId: dropoff.id,
      startsAt: from,
      endsAt: to,
      status: payLater ? "pending" : "void",
      holdExpiresAt: payLater ? null : new Date(now.getTime() + HOLD_MINUTES * 60_000),
      // Nobody has proven a visitor's address yet: pay later holds the car for hours, not until
      // pick-up, unless the account is activated (docs/domain.md#unproven-holds).
      unprovenReleaseAt: payLater && given.kind === "visitor" ? unprovenReleaseAt(now) : null,
      days,
      priceCents: breakdown.totalCents,
      breakdown,
      paymentMethod: input.paymentMethod,
      ...Object.fromEntries(optionKeys.map((key) => [key, options.includes(key)])),
      additionalDriverName: extra?.fullName ?? null,
      additionalDriverEmail: extra?.email ?? null,
      additionalDriverPhone: extra?.phone ?? null,
      additionalDriverBirthDate: extra?.birthDate ?? null,
      // What the price was computed from that amendments must not read again elsewhere (docs/domain.md#price-facts).
      driverBirthDate,
      ...bookedRuleColumns(car.youngDriver),
    },
    now,
  );

  // A hold is announced once it is paid (payment/fulfil.server.ts): it may lapse within the half hour.
  if (payLater) await announce(tx, { booking, car, driver });
  return {
    ok: true,
    bookingId: booking.id,
    reference: booking.reference,
    driverId,
    accountCreated: input.driver.kind === "visitor",
    paymentMethod: input.paymentMethod,
  };
}

type Announcement = { booking: { id: number; reference: string }; car: CheckoutCar; driver: Driver };

/**
 * The booking's notifications and emails: the driver's in-app line and confirmation, the supplier's
 * staff and the admins (docs/domain.md#staff-notices), written in the checkout's transaction under
 * deterministic job ids.
 */
async function announce(tx: Transaction, a: Announcement) {
  const { booking, car, driver } = a;
  await notify(tx, [
    {
      userId: driver.id,
      bookingId: booking.id,
      messageKey: "notifications:messages.bookingConfirmed",
      params: { reference: booking.reference, car: car.name },
    },
  ]);
  await tellStaff(tx, booking.id, { kind: "new" });
  // The driver's confirmation, with the voucher, as every way of paying gives it (docs/domain.md#voucher).
  await enqueueBookingConfirmation(tx, booking.id);
}
