import { and, eq, gt, inArray, isNull, lt, ne } from "drizzle-orm";
import { recordDepositEntry } from "~/modules/payment/deposit-ledger.server";
import { holdState, isHeld } from "~/modules/payment/deposit-hold";
import { depositHoldOf } from "~/modules/payment/deposit-hold.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { lockInScope, paidCentsOf } from "~/modules/booking/move.server";
import { isPickedUp } from "~/modules/booking/rental.server";
import { languageOrDefault } from "~/modules/i18n/languages";
import { closeOpenCardAttempts } from "~/modules/payment/settle-card-payment.server";
import { ageOn } from "~/modules/user/age";
import { calendarDateIn } from "~/modules/time/calendar";
import { isStaff } from "~/modules/access/booking-scope.server";
import type { StaffUser } from "~/modules/access/staff.server";
import { getDb, schema, type Executor, type Transaction } from "~/utils/db.server";
import { tellDriverOfAgreement } from "./agreement.server";
import { takeCounterPayment } from "./counter-payment.server";
import { saveInspection, type InspectionInput } from "./inspection.server";
import { paymentOnItsWay, type PaymentOnItsWay } from "~/modules/booking/payment-in-flight.server";
import { licenceValidOn, pickupOpensAt, type PickupAsks, type PickupForm } from "./pickup";
import { keptSignature } from "./signature.server";

/*
 * The pick-up at the counter (docs/domain.md#pick-up): staff of the booking's supplier (or an
 * admin) record the car going out — odometer, fuel, the deposit, the driver's licence when the
 * account lacks a valid one, the balance taken at the counter through the one door for money,
 * and the driver's signature on the rental agreement — in one transaction with its audit entry.
 */

const { bookings, cars, locations, rentals, suppliers, users } = schema;

/** Statuses a car is handed over in: paid or reserved, or waiting for the payment the counter takes. */
const handedOver = ["pending", "deposit", "paid", "reserved"] as const;
const isHandedOver = (status: string): status is (typeof handedOver)[number] =>
  (handedOver as readonly string[]).includes(status);

/**
 * Why a booking cannot be picked up, said on the page instead of the form:
 * - `alreadyOut`: it was picked up (a second pick-up is refused);
 * - `notReady`: its status hands no car over (a hold, cancelled, or pending with nothing to take);
 * - `ownBooking`: the staff member is its driver: a colleague records it (docs/security.md#back-office);
 * - `ended`: its drop-off time has passed;
 * - `tooEarly`: before its pick-up day, or the preparation time before its start (`pickupOpensAt`);
 * - `carOut`: another rental of its car is out (docs/domain.md#pick-up);
 * - `carBooked`: another booking of its car, not yet picked up, holds the car before this one starts;
 * - `noPlate`: its car has no plate number for the agreement (docs/domain.md#fleet-data);
 * - `noRif`: its supplier has no RIF for the agreement;
 * - `transferPending`: a balance is due and a transfer of it (pago móvil, USDT) is being verified
 *   (docs/domain.md#counter-money).
 */
export type PickupBlocker =
  | "alreadyOut"
  | "notReady"
  | "ownBooking"
  | "ended"
  | "tooEarly"
  | "carOut"
  | "carBooked"
  | "noPlate"
  | "noRif"
  | "transferPending";

/** What the page's sentence for a blocker names: when the car may go out, the other booking, the payment under way. */
export type BlockerFacts =
  | { from: Date }
  | { reference: string; until: Date }
  | { method: NonNullable<PaymentOnItsWay>["method"]; amountCents: number }
  | null;

type Booking = {
  id: number;
  carId: number;
  supplierId: number;
  driverId: number;
  pickupLocationId: number;
  status: string;
  priceCents: number;
  startsAt: Date;
  endsAt: Date;
};

/** What the pick-up of one booking needs to know, read in the caller's transaction. */
async function pickupFacts(tx: Transaction, booking: Booking, now: Date) {
  const [facts] = await tx
    .select({
      plate: cars.plate,
      rif: suppliers.rif,
      preparationHours: suppliers.preparationHours,
      timeZone: locations.timeZone,
      licenceNumber: users.licenceNumber,
      licenceExpiresOn: users.licenceExpiresOn,
      birthDate: users.birthDate,
      language: users.language,
    })
    .from(cars)
    .innerJoin(suppliers, eq(suppliers.id, booking.supplierId))
    .innerJoin(locations, eq(locations.id, booking.pickupLocationId))
    .innerJoin(users, eq(users.id, booking.driverId))
    .where(eq(cars.id, booking.carId));
  const balanceCents = booking.priceCents - (await paidCentsOf(tx, booking.id));
  return { ...facts, balanceCents, inFlight: await paymentOnItsWay(tx, booking.id, now) };
}

type Facts = Awaited<ReturnType<typeof pickupFacts>>;

/**
 * Whether the booking's car is taken when it would go out `now` (docs/domain.md#pick-up): another
 * rental of it is out (the index `rentals_car_out` finds it), or another booking of it that was
 * not picked up holds it between now and this booking's start (its driver is still to come).
 */
async function carTaken(tx: Executor, booking: Booking, now: Date) {
  const [out] = await tx
    .select({ reference: bookings.reference, until: bookings.endsAt })
    .from(rentals)
    .innerJoin(bookings, eq(bookings.id, rentals.bookingId))
    .where(and(eq(rentals.carId, booking.carId), eq(rentals.state, "out"), ne(rentals.bookingId, booking.id)));
  if (out) return { blocker: "carOut" as const, facts: out };
  const [before] = await tx
    .select({ reference: bookings.reference, until: bookings.endsAt })
    .from(bookings)
    .leftJoin(rentals, eq(rentals.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.carId, booking.carId),
        inArray(bookings.status, schema.blockingStatuses),
        gt(bookings.blockedUntil, now),
        lt(bookings.startsAt, booking.startsAt),
        ne(bookings.id, booking.id),
        isNull(rentals.bookingId),
      ),
    )
    .limit(1);
  return before ? { blocker: "carBooked" as const, facts: before } : null;
}

/** What stands in the way of the booking's pick-up `now`, and what its sentence names; nothing when it may go out. */
async function blockerOf(
  tx: Executor,
  booking: Booking,
  facts: Facts,
  out: boolean,
  userId: number,
  now: Date,
): Promise<{ blocker: PickupBlocker; facts: BlockerFacts } | null> {
  const because = (blocker: PickupBlocker, why: BlockerFacts = null) => ({ blocker, facts: why });
  if (out) return because("alreadyOut");
  if (!isHandedOver(booking.status)) return because("notReady");
  // Pending or deposit with nothing left to pay is staff's status to set first (a paid booking is `paid`).
  if ((booking.status === "pending" || booking.status === "deposit") && facts.balanceCents <= 0)
    return because("notReady");
  // The readings set the driver's bill: nobody records them for their own booking.
  if (booking.driverId === userId) return because("ownBooking");
  if (now >= booking.endsAt) return because("ended");
  const opensAt = pickupOpensAt(booking.startsAt, facts.timeZone, facts.preparationHours);
  if (now < opensAt) return because("tooEarly", { from: opensAt });
  const taken = await carTaken(tx, booking, now);
  if (taken) return because(taken.blocker, taken.facts);
  if (!facts.plate) return because("noPlate");
  if (!facts.rif) return because("noRif");
  // A transfer cannot be called back: the counter takes nothing until it is settled (docs/domain.md#counter-money).
  if (facts.balanceCents > 0 && facts.inFlight?.kind === "transfer")
    return because("transferPending", { method: facts.inFlight.method, amountCents: facts.inFlight.amountCents });
  return null;
}

/** What the form asks of this booking on `day` (the pick-up place's today). */
function asksOf(facts: Facts, day: string): PickupAsks {
  const licence = !facts.licenceNumber || !facts.licenceExpiresOn || !licenceValidOn(facts.licenceExpiresOn, day);
  return { licence, payment: facts.balanceCents > 0 };
}

/**
 * The pick-up page's data for a booking in `user`'s scope (null outside it, like the booking
 * page): the booking's details, what blocks it and what the sentence names, what the form asks,
 * the driver's birth date and age on the pick-up day (to check against the licence), and an open
 * card attempt the pick-up would end.
 */
export async function loadPickup(user: StaffUser, bookingId: number, now = new Date()) {
  if (!isStaff(user)) return null;
  const detail = await bookingDetail(user, bookingId);
  if (!detail) return null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { booking } = detail;
    const facts = await pickupFacts(tx, booking, now);
    const day = calendarDateIn(facts.timeZone, now);
    const found = await blockerOf(tx, booking, facts, detail.rental !== null, user.id, now);
    const pickupDay = calendarDateIn(facts.timeZone, booking.startsAt);
    const age = facts.birthDate ? ageOn(facts.birthDate, pickupDay) : null;
    return {
      detail,
      balanceCents: facts.balanceCents,
      plate: facts.plate,
      blocker: found?.blocker ?? null,
      why: found?.facts ?? null,
      asks: asksOf(facts, day),
      /** The licence on the account (shown when it is still valid), never asked again then. */
      licence: facts.licenceNumber && facts.licenceExpiresOn ? { expiresOn: facts.licenceExpiresOn } : null,
      driverAge: facts.birthDate && age !== null ? { birthDate: facts.birthDate, age } : null,
      /** An open card attempt for the balance, ended when the counter takes it (docs/domain.md#counter-money). */
      openCardCents: facts.balanceCents > 0 && facts.inFlight?.kind === "card" ? facts.inFlight.amountCents : null,
    };
  });
}

/**
 * - `pickedUp`: recorded.
 * - a blocker: nothing recorded.
 * - `licenceExpired`: the licence on the account or in the form expired before today.
 * - `asksChanged`: the form does not fit what the booking now needs (a balance appeared or was
 *   paid meanwhile, the licence expired): the page is shown again with its fields.
 * - `cardStillOpen`: an open card attempt could not be ended (Stripe answered nothing, or is
 *   still completing it): nothing taken, try again shortly.
 * - `signatureUnreadable`: the drawn signature passed the form's check but does not decode.
 */
export type PickupOutcome =
  "pickedUp" | PickupBlocker | "licenceExpired" | "asksChanged" | "cardStillOpen" | "signatureUnreadable" | "notFound";

/** A refusal found after something was written in the transaction: thrown, so the transaction rolls back. */
class Refused extends Error {
  constructor(readonly outcome: PickupOutcome) {
    super(`Pick-up refused: ${outcome}`);
  }
}

/**
 * Records the pick-up of booking `bookingId` (docs/domain.md#pick-up). Everything is checked
 * before anything is written, in one transaction holding the booking's row: a second pick-up,
 * also a concurrent one, finds the rental record (its primary key is the booking) and is
 * refused; so is a pick-up of the same car for another booking, also a concurrent one (the
 * index `rentals_car_out`). A balance is taken as one counter payment through `recordPayment`
 * and `fulfilPaymentIn` (the booking becomes `paid` through the status door only when payments
 * cover its price), recorded by the staff member as received. An open card attempt for that
 * balance is ended first, as an amendment does; a transfer being verified refuses it
 * (docs/domain.md#counter-money). The driver is told, and emailed the agreement, in the same
 * transaction (docs/domain.md#rental-agreement).
 */
export async function pickUp(
  user: StaffUser,
  bookingId: number,
  form: PickupForm,
  now = new Date(),
  /** The form's photos, already judged and re-encoded (`processInspectionPhotos`). */
  photos: InspectionInput["photos"] = [],
): Promise<PickupOutcome> {
  if (!isStaff(user)) return "notFound";
  // Decoded before the booking's row is locked: the slowest step holds nothing.
  const signature = form.signature ? await keptSignature(form.signature) : null;
  if (form.signature && !signature) return "signatureUnreadable";
  const once = () => recordPickup(user, bookingId, form, now, photos, signature);
  const outcome = await once();
  if (outcome !== "cardOpen") return outcome;
  // Everything else is fine: the card attempt was for the balance the counter now takes, so it
  // is ended (a Stripe session expired, or settled if Stripe completed it) and the pick-up is tried
  // once more, reading the payments again (the balance may be paid now: asksChanged).
  await closeOpenCardAttempts(bookingId);
  const again = await once();
  return again === "cardOpen" ? "cardStillOpen" : again;
}

async function recordPickup(
  user: StaffUser,
  bookingId: number,
  form: PickupForm,
  now: Date,
  photos: InspectionInput["photos"],
  signature: Buffer | null,
): Promise<PickupOutcome | "cardOpen"> {
  const db = await getDb();
  try {
    return await db.transaction((tx) => recordIn(tx, user, bookingId, form, now, photos, signature));
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

async function recordIn(
  tx: Transaction,
  user: StaffUser,
  bookingId: number,
  form: PickupForm,
  now: Date,
  photos: InspectionInput["photos"],
  signature: Buffer | null,
): Promise<PickupOutcome | "cardOpen"> {
  const booking = await lockInScope(tx, user, bookingId);
  if (!booking) return "notFound";
  const facts = await pickupFacts(tx, booking, now);
  const found = await blockerOf(tx, booking, facts, await isPickedUp(tx, booking.id), user.id, now);
  if (found) return found.blocker;
  const day = calendarDateIn(facts.timeZone, now);
  const asks = asksOf(facts, day);
  // A balance appeared, or was paid meanwhile (money staff may hold must not go unrecorded).
  if (asks.payment !== (form.payment !== undefined)) return "asksChanged";
  if (asks.licence && !form.licenceExpiresOn) return "asksChanged";
  if (form.licenceExpiresOn && !licenceValidOn(form.licenceExpiresOn, day)) return "licenceExpired";
  // Last, so this answer means "fine but for the open card attempt" (pickUp ends it and tries again).
  if (asks.payment && facts.inFlight?.kind === "card") return "cardOpen";

  const [rental] = await tx
    .insert(rentals)
    .values({
      bookingId: booking.id,
      pickedUpAt: now,
      pickedUpBy: user.id,
      odometerOutKm: form.odometer,
      fuelOutEighths: form.fuel,
      depositCents: form.deposit,
      depositTaken: form.deposit > 0 ? (form.depositTaken ?? null) : null,
      signerName: form.signerName,
      signedAt: now,
      signature,
      language: languageOrDefault(facts.language),
    })
    // Either key: this booking's record (a second pick-up) or another rental of the car out
    // (`rentals_car_out`); a concurrent one is waited for, then seen. Nothing is written yet.
    .onConflictDoNothing()
    .returning({ bookingId: rentals.bookingId });
  if (!rental) return (await isPickedUp(tx, booking.id)) ? "alreadyOut" : "carOut";
  if (asks.payment && form.payment) {
    // The whole balance, the server's amount; a replayed post is a duplicate.
    const taken = await takeCounterPayment(tx, user, {
      bookingId: booking.id,
      step: "pickup",
      method: form.payment,
      amountCents: facts.balanceCents,
      now,
    });
    if (taken === "duplicate") throw new Refused("alreadyOut");
  }
  const licence =
    form.licenceNumber && form.licenceCountry && form.licenceExpiresOn
      ? {
          licenceNumber: form.licenceNumber,
          licenceCountry: form.licenceCountry,
          licenceExpiresOn: form.licenceExpiresOn,
        }
      : null;
  if (licence) await tx.update(users).set(licence).where(eq(users.id, booking.driverId));
  // The deposit taken is the ledger's first entry (docs/domain.md#deposit-ledger); one held on a
  // card through Rueda names its PaymentIntent (docs/domain.md#card-deposit-hold).
  if (form.deposit > 0 && form.depositTaken) {
    const hold = form.depositTaken === "cardHold" ? await depositHoldOf(booking.id, tx) : null;
    const onCard = hold && isHeld(holdState(hold, now)) ? hold.intentId : null;
    await recordDepositEntry(
      tx,
      user,
      booking,
      {
        kind: "received",
        amountCents: form.deposit,
        method: form.depositTaken,
        reference: onCard ?? form.depositReference,
      },
      now,
    );
  }
  await saveInspection(tx, booking.id, "out", { photos, marks: form.marks }, user.id);
  await recordAudit(tx, user, {
    action: "booking.pickup",
    subjectType: "booking",
    subjectId: booking.id,
    supplierId: booking.supplierId,
    changes: {
      odometerOutKm: [null, form.odometer],
      fuelOutEighths: [null, form.fuel],
      depositCents: [null, form.deposit],
      depositTaken: [null, form.deposit > 0 ? (form.depositTaken ?? null) : null],
      signerName: [null, form.signerName],
      signatureDrawn: [null, signature !== null],
      photos: [null, photos.length],
      damageMarks: [null, form.marks.length],
      ...(licence ? { licenceExpiresOn: [null, licence.licenceExpiresOn] } : {}),
    },
  });
  await tellDriverOfAgreement(tx, booking.id);
  return "pickedUp";
}
