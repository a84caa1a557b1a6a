import { FINAL_BILL_REASON } from "~/modules/payment/deposit-ledger";
import { depositLedgerOf, recordDepositEntry } from "~/modules/payment/deposit-ledger.server";
import { and, eq } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { isStaff } from "~/modules/access/booking-scope.server";
import type { StaffUser } from "~/modules/access/staff.server";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { lockInScope } from "~/modules/booking/move.server";
import { computeFinalBill, FinalBillError, type FinalBill } from "~/modules/pricing/final-bill";
import { localToInstant } from "~/modules/time/zoned-time";
import { getDb, schema, type Executor } from "~/utils/db.server";
import {
  billErrorField,
  billInput,
  RETURN_AHEAD_MS,
  returnMessages,
  type ReturnFacts,
  type ReturnForm,
} from "./return";
import { inspectionOf, saveInspection, type InspectionInput } from "./inspection.server";
import { enqueueReturnEmail } from "./return-email.server";

/*
 * The return at the counter (docs/domain.md#return): staff of the booking's supplier (or an
 * admin) record the car coming back — odometer, fuel, the return time, damage — and the final
 * bill is computed by `computeFinalBill` from the stored rental, the booking's price and the
 * car's and supplier's settings of the moment, and stored with the record, in one transaction
 * holding the booking's row.
 */

const { bookings, cars, locations, rentals, suppliers } = schema;

/** What the bill reads of a booking that is out, or null when it is not out (never picked up, or already returned). */
async function returnFacts(executor: Executor, bookingId: number, lock: boolean) {
  const query = executor
    .select({
      rental: rentals,
      breakdown: bookings.breakdown,
      endsAt: bookings.endsAt,
      fuelPolicy: cars.fuelPolicy,
      mileage: cars.mileage,
      extraKmCents: cars.extraKmCents,
      refuelEighthCents: suppliers.refuelEighthCents,
      graceMinutes: suppliers.lateGraceMinutes,
      timeZone: locations.timeZone,
    })
    .from(rentals)
    .innerJoin(bookings, eq(bookings.id, rentals.bookingId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
    .innerJoin(locations, eq(locations.id, bookings.dropoffLocationId))
    .where(and(eq(rentals.bookingId, bookingId), eq(rentals.state, "out")));
  const [row] = lock ? await query.for("update", { of: rentals }) : await query;
  if (!row) return null;
  const { rental, breakdown } = row;
  const facts: ReturnFacts = {
    // The bill settles the deposit actually taken at the pick-up, named as staff recorded it.
    price: {
      days: breakdown.days,
      dailyPriceCents: breakdown.dailyPriceCents,
      ...(rental.depositTaken ? { deposit: { cents: rental.depositCents, method: rental.depositTaken } } : {}),
    },
    pickedUpAt: rental.pickedUpAt.toISOString(),
    plannedDropOffAt: row.endsAt.toISOString(),
    odometerOutKm: rental.odometerOutKm,
    fuelOutEighths: rental.fuelOutEighths,
    fuelPolicy: row.fuelPolicy,
    mileagePerDayKm: row.mileage,
    extraKmCents: row.extraKmCents,
    refuelEighthCents: row.refuelEighthCents,
    graceMinutes: row.graceMinutes,
  };
  return { facts, timeZone: row.timeZone, rental };
}

/**
 * The return page's data for a booking in `user`'s scope whose car is out (null otherwise, like
 * a missing booking): its details, the facts the live bill reads and the pick-up's damage marks.
 */
export async function loadReturn(user: StaffUser, bookingId: number) {
  if (!isStaff(user)) return null;
  const detail = await bookingDetail(user, bookingId);
  if (detail?.rental?.state !== "out") return null;
  const db = await getDb();
  const found = await returnFacts(db, bookingId, false);
  // The pick-up's marks, shown above the return's new ones (docs/domain.md#inspection).
  return (
    found && {
      detail,
      facts: found.facts,
      timeZone: found.timeZone,
      pickupMarks: (await inspectionOf(db, bookingId)).out.marks,
    }
  );
}

/**
 * - `returned`: recorded, with its bill.
 * - `notOut`: the car is not out (already returned, also by a concurrent post): nothing written.
 * - `notFound`: outside the caller's scope.
 * - `{ field, message }`: the bill refuses what was typed (docs/domain.md#final-bill), said next to `field`.
 */
export type ReturnOutcome =
  | { outcome: "returned"; bill: FinalBill }
  | { outcome: "notOut" | "notFound" }
  | { outcome: "refused"; field: "odometer" | "fuel" | "returnedAt" | null; message: string };

/**
 * Records the return of booking `bookingId` (docs/domain.md#return). The booking's row and the
 * rental's are locked, so of two returns posted at once the second finds the record returned and
 * is refused. The return time is the wall-clock time typed, read on the drop-off place's clock.
 * The return's inspection (phase `in`) is saved, and the driver's email with the final receipt
 * written to the outbox, in the same transaction.
 */
export async function recordReturn(
  user: StaffUser,
  bookingId: number,
  form: ReturnForm,
  now = new Date(),
  /** The form's photos, already judged and re-encoded (`processInspectionPhotos`). */
  photos: InspectionInput["photos"] = [],
): Promise<ReturnOutcome> {
  if (!isStaff(user)) return { outcome: "notFound" };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, bookingId);
    if (!booking) return { outcome: "notFound" };
    // The return writes what the driver owes: nobody records their own (docs/security.md#payments).
    if (booking.driverId === user.id) return { outcome: "refused", field: null, message: returnMessages.ownBooking };
    const found = await returnFacts(tx, booking.id, true);
    if (!found) return { outcome: "notOut" };
    const returnedAt = localToInstant(form.returnedAt, found.timeZone);
    if (!returnedAt) return { outcome: "refused", field: "returnedAt", message: returnMessages.returnedAt };
    if (returnedAt.getTime() > now.getTime() + RETURN_AHEAD_MS)
      return { outcome: "refused", ...billErrorField("returnInFuture") };
    let bill: FinalBill;
    try {
      bill = computeFinalBill(
        billInput(found.facts, {
          returnedAt,
          odometerInKm: form.odometer,
          fuelInEighths: form.fuel,
          damages: form.damages,
        }),
      );
    } catch (error) {
      if (error instanceof FinalBillError) return { outcome: "refused", ...billErrorField(error.reason) };
      throw error;
    }
    await tx
      .update(rentals)
      .set({
        state: "returned",
        returnedAt,
        returnedBy: user.id,
        odometerInKm: form.odometer,
        fuelInEighths: form.fuel,
        finalBill: bill,
        updatedAt: now,
      })
      .where(eq(rentals.bookingId, booking.id));
    // What the bill takes from the deposit is kept: the ledger's retained entry, never more than
    // the ledger holds (docs/domain.md#deposit-ledger).
    const retained = Math.min(bill.depositCoversCents, (await depositLedgerOf(booking.id, tx)).balance.heldCents);
    if (retained > 0)
      await recordDepositEntry(
        tx,
        user,
        booking,
        { kind: "retained", amountCents: retained, reason: FINAL_BILL_REASON },
        now,
      );
    // The return's walk-around beside the pick-up's, which it leaves as it was (docs/domain.md#inspection).
    await saveInspection(tx, booking.id, "in", { photos, marks: form.marks }, user.id);
    await recordAudit(tx, user, {
      action: "booking.return",
      subjectType: "booking",
      subjectId: booking.id,
      supplierId: booking.supplierId,
      changes: {
        returnedAt: [null, returnedAt.toISOString()],
        odometerInKm: [null, form.odometer],
        fuelInEighths: [null, form.fuel],
        extrasCents: [null, bill.extrasCents],
        depositReturnedCents: [null, bill.depositReturnedCents],
        stillToPayCents: [null, bill.stillToPayCents],
        photos: [null, photos.length],
        damageMarks: [null, form.marks.length],
      },
    });
    await enqueueReturnEmail(tx, booking.id);
    return { outcome: "returned", bill };
  });
}
