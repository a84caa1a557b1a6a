import { and, eq, inArray, sql } from "drizzle-orm";
import { carIsBookableFor } from "~/modules/availability/availability.server";
import { limitFailure, type LimitCode, type SupplierLimits } from "~/modules/availability/limits";
import { openingHoursOf, rentalHandovers, type HoursRefusal } from "~/modules/availability/opening-hours";
import type { PlaceNames } from "~/modules/i18n/place-name";
import type { Language } from "~/modules/i18n/languages";
import { notify } from "~/modules/notification/notify.server";
import { HOLD_MINUTES, type OnlineMethod } from "~/modules/booking/methods";
import { excessOf, type Excess } from "~/modules/pricing/cover";
import {
  optionKeys,
  priceRental,
  rentalDays,
  rentalFees,
  type Deposit,
  type OptionKey,
} from "~/modules/pricing/pricing";
import { ratesForCar } from "~/modules/pricing/seasons.server";
import { createUnactivatedAccount } from "~/modules/user/account.server";
import { getDb, schema, type Executor, type Transaction } from "~/utils/db.server";
import { unpaidCapFailure, type UnpaidCapFailure } from "./checkout-limits.server";
import { driverOldEnough, periodIsValid, requiredDriverAge, unavailableOption } from "./checkout-rules";
import { enqueueBookingConfirmation } from "./confirmation.server";
import { generateReference } from "./reference";
import { tellStaff } from "./tell-staff.server";
import { endExpiredHolds } from "./holds.server";
import { unprovenReleaseAt } from "./unproven-holds.server";
import { bookedRuleColumns, youngDriverFeeCents, youngDriverRule, type YoungDriverRule } from "./young-driver";
import { calendarDateIn } from "~/modules/time/calendar";
import { EXCLUSION_VIOLATION, sqlState, UNIQUE_VIOLATION } from "~/utils/postgres.server";
import { isRowId } from "~/utils/row-id";

const { bookings, cars, locations, suppliers, users } = schema;

export type DriverDetails = { fullName: string; email: string; phone: string; birthDate: string /* YYYY-MM-DD */ };
export type CheckoutInput = {
  carId: number;
  pickupLocationId: number;
  dropoffLocationId: number;
  /** Instants; the page converts the typed local times in the pick-up place's zone. */
  from: Date;
  to: Date;
  options: OptionKey[];
  driver: { kind: "user"; userId: number } | ({ kind: "visitor"; language: Language } & DriverDetails);
  /** Required exactly when `options` includes "additionalDriver". */
  additionalDriver: DriverDetails | null;
  /** Must be true for visitors; signed-in users accepted the terms at sign-up. */
  acceptedTerms: boolean;
  /** Pay later books at once (`pending`); an online method holds the car while the driver pays (docs/domain.md#payments). */
  paymentMethod: "payLater" | OnlineMethod;
};
export type CheckoutFailure =
  | { reason: "carNotFound" }
  | { reason: "pastDates" }
  | { reason: "notServed" }
  | { reason: "optionUnavailable"; option: OptionKey }
  | { reason: "additionalDriverMissing" }
  | { reason: "underAge"; who: "driver" | "additionalDriver"; minimumAge: number }
  | { reason: "termsNotAccepted" }
  | { reason: "emailTaken" }
  | { reason: "payLaterUnavailable" }
  | { reason: "unavailable" }
  /** The supplier's minimum notice (hours) or minimum days (docs/domain.md#rental-limits), named in the message. */
  | { reason: LimitCode; limit: number }
  /** A handover outside the place's hours, which offers no out-of-hours service (docs/domain.md#opening-hours). */
  | (HoursRefusal & { place: PlaceNames })
  | UnpaidCapFailure;
export type CheckoutResult =
  | {
      ok: true;
      bookingId: number;
      reference: string;
      driverId: number;
      accountCreated: boolean;
      paymentMethod: CheckoutInput["paymentMethod"];
    }
  | ({ ok: false } & CheckoutFailure);

export type CheckoutCar = {
  id: number;
  name: string;
  image: string | null;
  supplierId: number;
  supplierName: string;
  supplierLogo: string | null;
  /** Whether the supplier lets drivers pay at the counter. */
  payLaterAllowed: boolean;
  dailyPriceCents: number;
  /** Longer-rental daily prices (docs/domain.md#long-rental-rates); null when the car has none. */
  weeklyDailyPriceCents: number | null;
  monthlyDailyPriceCents: number | null;
  payLaterFeePercent: number;
  minimumAge: number;
  depositCents: number;
  /** The deposit and how it is taken, carried into the booking's breakdown (docs/domain.md#deposit). */
  deposit: Deposit;
  /** What each protection leaves the driver to pay (docs/domain.md#cover). */
  excess: Excess;
  /** Cents per option: −1 not offered, 0 included, > 0 its price (docs/domain.md#price). */
  options: Record<OptionKey, number>;
  locationIds: number[];
  /** The supplier's minimum notice and minimum days (docs/domain.md#rental-limits). */
  limits: SupplierLimits;
  /** The supplier's fee for a drop-off at another place than the pick-up; 0: none (docs/domain.md#fees). */
  oneWayFeeCents: number;
  /** The young driver fee, the car's or else its supplier's, or null when none (docs/domain.md#young-driver-fee). */
  youngDriver: YoungDriverRule | null;
};

const optionColumns = {
  cancellation: cars.cancellationCents,
  gps: cars.gpsCents,
  homeDelivery: cars.homeDeliveryCents,
  babyChair: cars.babyChairCents,
  theftProtection: cars.theftProtectionCents,
  collisionDamageWaiver: cars.collisionDamageWaiverCents,
  fullInsurance: cars.fullInsuranceCents,
  additionalDriver: cars.additionalDriverCents,
} as const satisfies Record<OptionKey, unknown>;

const carFields = {
  id: cars.id,
  name: cars.name,
  image: cars.image,
  supplierId: cars.supplierId,
  supplierName: suppliers.name,
  supplierLogo: suppliers.logo,
  payLaterAllowed: suppliers.payLater,
  minimumNoticeHours: suppliers.minimumNoticeHours,
  minimumDays: suppliers.minimumDays,
  oneWayFeeCents: suppliers.oneWayFeeCents,
  youngDriverAge: suppliers.youngDriverAge,
  youngDriverFeeCents: suppliers.youngDriverFeeCents,
  carYoungDriverFeeCents: cars.youngDriverFeeCents,
  dailyPriceCents: cars.dailyPriceCents,
  weeklyDailyPriceCents: cars.weeklyDailyPriceCents,
  monthlyDailyPriceCents: cars.monthlyDailyPriceCents,
  payLaterFeePercent: cars.payLaterFeePercent,
  minimumAge: cars.minimumAge,
  depositCents: cars.depositCents,
  depositMethod: cars.depositMethod,
  collisionDamageWaiverExcessCents: cars.collisionDamageWaiverExcessCents,
  theftProtectionExcessCents: cars.theftProtectionExcessCents,
  fullInsuranceExcessCents: cars.fullInsuranceExcessCents,
  ...optionColumns,
  // In the car's own query: one round trip less per checkout page and per booking.
  locationIds: sql<
    number[]
  >`array(select cl.location_id from car_locations cl where cl.car_id = "cars"."id" order by cl.location_id)`,
};

/** A car that is not deleted and whose supplier is active, with its rental terms. */
async function findCar(executor: Executor, carId: number): Promise<CheckoutCar | null> {
  if (!isRowId(carId)) return null;
  const [row] = await executor
    .select(carFields)
    .from(cars)
    .innerJoin(suppliers, eq(suppliers.id, cars.supplierId))
    .where(
      and(eq(cars.id, carId), eq(cars.status, "active"), eq(suppliers.active, true), eq(suppliers.status, "active")),
    )
    // In the booking transaction, a back-office delete (which locks the car FOR UPDATE before
    // counting its bookings) either waits for this booking or is seen here as deleted
    // (docs/domain.md#fleet).
    .for("share", { of: cars });
  if (!row) return null;
  const options = Object.fromEntries(optionKeys.map((key) => [key, row[key]])) as Record<OptionKey, number>;
  const {
    id,
    name,
    image,
    supplierId,
    supplierName,
    supplierLogo,
    payLaterAllowed,
    dailyPriceCents,
    weeklyDailyPriceCents,
    monthlyDailyPriceCents,
    payLaterFeePercent,
    minimumAge,
    depositCents,
    locationIds,
  } = row;
  return {
    id,
    name,
    image,
    supplierId,
    supplierName,
    supplierLogo,
    payLaterAllowed,
    dailyPriceCents,
    weeklyDailyPriceCents,
    monthlyDailyPriceCents,
    payLaterFeePercent,
    minimumAge,
    depositCents,
    deposit: { cents: depositCents, method: row.depositMethod },
    excess: excessOf(row),
    options,
    locationIds,
    limits: { minimumNoticeHours: row.minimumNoticeHours, minimumDays: row.minimumDays },
    oneWayFeeCents: row.oneWayFeeCents ?? 0,
    youngDriver: youngDriverRule(row.youngDriverAge, row.youngDriverFeeCents, row.carYoungDriverFeeCents),
  };
}

/** For the checkout page's GET: the car with what the page shows, or null when it is gone or inactive. */
export async function loadCheckoutCar(carId: number): Promise<CheckoutCar | null> {
  return findCar(await getDb(), carId);
}

/** A check failed inside the transaction: thrown to roll back whatever it wrote, caught below. */
class CheckoutRefused extends Error {
  constructor(readonly failure: CheckoutFailure) {
    super(failure.reason);
  }
}

function refuse(failure: CheckoutFailure): never {
  throw new CheckoutRefused(failure);
}

type Driver = { id: number; email: string; fullName: string; language: string };

/** A signed-in driver with their birth date (null when not given); the session names an active account. */
async function signedInDriver(tx: Transaction, userId: number): Promise<Driver & { birthDate: string | null }> {
  const [user] = await tx
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      birthDate: users.birthDate,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, "active")));
  if (!user) throw new Error(`Checkout by unknown user ${userId}`);
  return user;
}

/** A visitor's new, unactivated account, as the booking's driver; an address already registered refuses the checkout. */
async function visitorAccount(tx: Transaction, given: CheckoutInput["driver"], now: Date): Promise<Driver> {
  if (given.kind !== "visitor") throw new Error("A signed-in driver has an account");
  const { fullName, email, phone, birthDate, language } = given;
  const created = await createUnactivatedAccount(tx, { fullName, email, phone, birthDate, language }, now);
  return created.ok ? { id: created.userId, email, fullName, language } : refuse({ reason: "emailTaken" });
}

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
  const booking = await insertBooking(tx, {
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
  });

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

const REFERENCE_ATTEMPTS = 5;

/**
 * Inserts under a fresh reference, drawing again on the rare clash. The clash is skipped by
 * ON CONFLICT on the reference alone (no savepoint round trips), so it does not abort the
 * checkout's transaction; an exclusion violation (the car was just taken) still goes up to
 * `createBooking`.
 */
async function insertBooking(tx: Transaction, values: Omit<typeof bookings.$inferInsert, "reference">) {
  for (let attempt = 1; attempt <= REFERENCE_ATTEMPTS; attempt++) {
    const [row] = await tx
      .insert(bookings)
      .values({ ...values, reference: generateReference() })
      .onConflictDoNothing({ target: bookings.reference })
      .returning({ id: bookings.id, reference: bookings.reference });
    if (row) return row;
  }
  throw new Error(`No free booking reference in ${REFERENCE_ATTEMPTS} draws`);
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
