import { eq } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { lockInScope, paidCentsOf } from "~/modules/booking/move.server";
import { isPickedUp } from "~/modules/booking/rental.server";
import { languageOrDefault } from "~/modules/i18n/languages";
import { calendarDateIn } from "~/modules/time/calendar";
import { isStaff } from "~/modules/access/booking-scope.server";
import type { StaffUser } from "~/modules/access/staff.server";
import { getDb, schema, type Transaction } from "~/utils/db.server";
import { tellDriverOfAgreement } from "./agreement.server";
import { takeCounterPayment } from "./counter-payment.server";
import { saveInspection, type InspectionInput } from "./inspection.server";
import { licenceValidOn, type PickupAsks, type PickupForm } from "./pickup";
import { keptSignature } from "./signature.server";

/*
 * The pick-up at the counter (docs/domain.md#pick-up): staff of the booking's supplier (or an
 * admin) record the car going out — odometer, fuel, the deposit, the driver's licence when the
 * account lacks a valid one, the balance taken at the counter through the one door for money,
 * and the driver's signature on the rental agreement — in one transaction with its audit entry.
 */

const { cars, locations, rentals, suppliers, users } = schema;

/** Statuses a car is handed over in: paid or reserved, or waiting for the payment the counter takes. */
const handedOver = ["pending", "deposit", "paid", "reserved"] as const;
const isHandedOver = (status: string): status is (typeof handedOver)[number] =>
  (handedOver as readonly string[]).includes(status);

/**
 * Why a booking cannot be picked up, said on the page before the form:
 * - `alreadyOut`: it was picked up (a second pick-up is refused);
 * - `notReady`: its status hands no car over (a hold, cancelled, or pending with nothing to take);
 * - `noPlate`: its car has no plate number for the agreement (docs/domain.md#fleet-data);
 * - `noRif`: its supplier has no RIF for the agreement.
 */
export type PickupBlocker = "alreadyOut" | "notReady" | "noPlate" | "noRif";

/** What the pick-up of one booking needs to know, read in the caller's transaction. */
async function pickupFacts(
  tx: Transaction,
  booking: {
    id: number;
    carId: number;
    supplierId: number;
    driverId: number;
    pickupLocationId: number;
    status: string;
    priceCents: number;
  },
) {
  const [facts] = await tx
    .select({
      plate: cars.plate,
      rif: suppliers.rif,
      timeZone: locations.timeZone,
      licenceNumber: users.licenceNumber,
      licenceExpiresOn: users.licenceExpiresOn,
      language: users.language,
    })
    .from(cars)
    .innerJoin(suppliers, eq(suppliers.id, booking.supplierId))
    .innerJoin(locations, eq(locations.id, booking.pickupLocationId))
    .innerJoin(users, eq(users.id, booking.driverId))
    .where(eq(cars.id, booking.carId));
  const balanceCents = booking.priceCents - (await paidCentsOf(tx, booking.id));
  return { ...facts, balanceCents };
}

type Facts = Awaited<ReturnType<typeof pickupFacts>>;

function blockerOf(status: string, facts: Facts, out: boolean): PickupBlocker | null {
  if (out) return "alreadyOut";
  if (!isHandedOver(status)) return "notReady";
  // Pending or deposit with nothing left to pay is staff's status to set first (a paid booking is `paid`).
  if ((status === "pending" || status === "deposit") && facts.balanceCents <= 0) return "notReady";
  if (!facts.plate) return "noPlate";
  if (!facts.rif) return "noRif";
  return null;
}

/** What the form asks of this booking on `day` (the pick-up place's today). */
function asksOf(facts: Facts, day: string): PickupAsks {
  const licence = !facts.licenceNumber || !facts.licenceExpiresOn || !licenceValidOn(facts.licenceExpiresOn, day);
  return { licence, payment: facts.balanceCents > 0 };
}

/**
 * The pick-up page's data for a booking in `user`'s scope (null outside it, like the booking
 * page): the booking's details, what blocks it, and what the form asks.
 */
export async function loadPickup(user: StaffUser, bookingId: number, now = new Date()) {
  if (!isStaff(user)) return null;
  const detail = await bookingDetail(user, bookingId);
  if (!detail) return null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const facts = await pickupFacts(tx, detail.booking);
    const day = calendarDateIn(facts.timeZone, now);
    return {
      detail,
      balanceCents: facts.balanceCents,
      plate: facts.plate,
      blocker: blockerOf(detail.booking.status, facts, detail.rental !== null),
      asks: asksOf(facts, day),
      /** The licence on the account (shown when it is still valid), never asked again then. */
      licence: facts.licenceNumber && facts.licenceExpiresOn ? { expiresOn: facts.licenceExpiresOn } : null,
    };
  });
}

/**
 * - `pickedUp`: recorded.
 * - a blocker: nothing recorded.
 * - `licenceExpired`: the licence on the account or in the form expired before today.
 * - `asksChanged`: the form lacks what the booking now needs (a balance appeared, the licence
 *   expired): the page is shown again with the field.
 * - `ownBooking`: a staff member cannot take money for their own booking (docs/security.md#payments).
 * - `signatureUnreadable`: the drawn signature passed the form's check but does not decode.
 */
export type PickupOutcome =
  "pickedUp" | PickupBlocker | "licenceExpired" | "asksChanged" | "ownBooking" | "signatureUnreadable" | "notFound";

/**
 * Records the pick-up of booking `bookingId` (docs/domain.md#pick-up). Everything is checked
 * before anything is written, in one transaction holding the booking's row: a second pick-up,
 * also a concurrent one, finds the rental record (its primary key is the booking) and is
 * refused. A balance is taken as one counter payment through `recordPayment` and
 * `fulfilPaymentIn` (the booking becomes `paid` through the status door only when payments
 * cover its price), recorded by the staff member as received. The driver is told, and emailed the
 * agreement, in the same transaction (docs/domain.md#rental-agreement).
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
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, bookingId);
    if (!booking) return "notFound";
    const facts = await pickupFacts(tx, booking);
    const blocker = blockerOf(booking.status, facts, await isPickedUp(tx, booking.id));
    if (blocker) return blocker;
    const day = calendarDateIn(facts.timeZone, now);
    const asks = asksOf(facts, day);
    if (asks.payment && !form.payment) return "asksChanged";
    if (asks.licence && !form.licenceExpiresOn) return "asksChanged";
    if (form.licenceExpiresOn && !licenceValidOn(form.licenceExpiresOn, day)) return "licenceExpired";
    if (asks.payment && booking.driverId === user.id) return "ownBooking";

    if (asks.payment && form.payment) {
      // The whole balance, the server's amount; a replayed post is a duplicate.
      const taken = await takeCounterPayment(tx, user, {
        bookingId: booking.id,
        step: "pickup",
        method: form.payment,
        amountCents: facts.balanceCents,
        now,
      });
      if (taken === "duplicate") return "alreadyOut";
    }

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
      .onConflictDoNothing({ target: rentals.bookingId })
      .returning({ bookingId: rentals.bookingId });
    if (!rental) return "alreadyOut";
    const licence =
      form.licenceNumber && form.licenceCountry && form.licenceExpiresOn
        ? {
            licenceNumber: form.licenceNumber,
            licenceCountry: form.licenceCountry,
            licenceExpiresOn: form.licenceExpiresOn,
          }
        : null;
    if (licence) await tx.update(users).set(licence).where(eq(users.id, booking.driverId));
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
  });
}
