import { and, eq } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { isStaff } from "~/modules/access/booking-scope.server";
import type { SessionUser } from "~/utils/session.server";
import { lockInScope } from "~/modules/booking/move.server";
import { closeOpenCardAttempts } from "~/modules/payment/settle-card-payment.server";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { closeAsksOf, type CloseForm } from "./close";
import { keepFinalReceipt } from "./final-receipt.server";
import { counterReference, takeCounterPayment } from "./counter-payment.server";
import { paymentOnItsWay } from "~/modules/booking/payment-in-flight.server";
import {
  depositLedgerOf,
  openClaimAskedCents,
  refundableCents,
  refundDeposit,
} from "~/modules/payment/deposit-ledger.server";
import { holdState, isHeld } from "~/modules/payment/deposit-hold";
import { depositHoldOf, settleHoldWithLedger } from "~/modules/payment/deposit-hold.server";

/*
 * Closing the rental at the counter (docs/domain.md#closing): staff of the booking's supplier (or
 * an admin) settle a returned car's final bill against everything the booking was paid — the
 * still-to-pay taken as one counter payment through the one door for money, what was paid beyond
 * it shown as to refund, the deposit still held refunded on the ledger (docs/domain.md#deposit-ledger)
 * — and the record becomes `closed`, in one transaction holding the booking's row and the rental's.
 */

const { payments, rentals } = schema;

/**
 * What the close settles (docs/domain.md#counter-money), in cents: the stored bill's still-to-pay
 * (`billCents`, the extras beyond the deposit) set against what the booking's succeeded payments
 * paid beyond its price (`creditCents`; below 0 when part of the price is unpaid). What is left is
 * `stillToPayCents`, or `toRefundCents` when the payments were more: never charged again.
 * `takenAtCloseCents`: what the close took (0 before it).
 */
export type Settlement = {
  billCents: number;
  creditCents: number;
  stillToPayCents: number;
  toRefundCents: number;
  depositReturnedCents: number;
  /**
   * What the deposit ledger still holds (docs/domain.md#deposit-ledger) less what an open damage
   * claim asks of it (docs/domain.md#damage-claims): the close asks its refund.
   */
  depositHeldCents: number;
  /** The deposit is held on a card (docs/domain.md#card-deposit-hold): the close releases it, asking nothing. */
  depositOnCard: boolean;
  takenAtCloseCents: number;
};

async function settlementOf(
  executor: Executor,
  booking: { id: number; priceCents: number },
  bill: { stillToPayCents: number; depositReturnedCents: number },
  now = new Date(),
): Promise<Settlement> {
  const paid = await executor
    .select({ amountCents: payments.amountCents, reference: payments.providerReference })
    .from(payments)
    .where(and(eq(payments.bookingId, booking.id), eq(payments.status, "succeeded")));
  const hold = await depositHoldOf(booking.id, executor);
  const atClose = counterReference("close", booking.id);
  const takenAtCloseCents = paid.filter((p) => p.reference === atClose).reduce((sum, p) => sum + p.amountCents, 0);
  const before = paid.reduce((sum, p) => sum + p.amountCents, 0) - takenAtCloseCents;
  const owed = bill.stillToPayCents + booking.priceCents - before;
  return {
    billCents: bill.stillToPayCents,
    creditCents: before - booking.priceCents,
    stillToPayCents: Math.max(0, owed),
    toRefundCents: Math.max(0, -owed),
    depositReturnedCents: bill.depositReturnedCents,
    depositHeldCents: await refundableCents(
      executor,
      booking.id,
      (await depositLedgerOf(booking.id, executor)).balance.heldCents,
    ),
    depositOnCard: hold !== null && isHeld(holdState(hold, now)),
    takenAtCloseCents,
  };
}

/**
 * The settlement of a returned or closed rental as the booking page shows it, with a payment of
 * the booking still on its way (which the close waits for); null before the return. The caller
 * has checked the booking is in scope.
 */
export async function loadSettlement(bookingId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ priceCents: schema.bookings.priceCents, bill: rentals.finalBill })
    .from(rentals)
    .innerJoin(schema.bookings, eq(schema.bookings.id, rentals.bookingId))
    .where(eq(rentals.bookingId, bookingId));
  if (!row?.bill) return null;
  const settlement = await settlementOf(db, { id: bookingId, priceCents: row.priceCents }, row.bill);
  return { ...settlement, asks: closeAsksOf(settlement), inFlight: await paymentOnItsWay(db, bookingId) };
}

/**
 * - `closed`: settled and closed.
 * - `notReturned`: the record is not `returned` (still out, or already closed — also by a
 *   concurrent post): nothing written.
 * - `ownBooking`: a staff member cannot settle their own booking, payment or deposit (docs/security.md#payments).
 * - `refundTooLarge`: the refund is more than the deposit still held (docs/domain.md#deposit-ledger): nothing written.
 * - `asksChanged`: the form lacks what the settlement asks (cannot happen from the page, whose asks
 *   come from the same settlement; a hand-made post).
 * - `transferPending`: a transfer of the booking (pago móvil, USDT) is being verified: the close
 *   waits for it (docs/domain.md#counter-money); nothing written.
 * - `cardStillOpen`: an open card attempt could not be ended: nothing written, try again shortly.
 * - `notFound`: outside the caller's scope, or no rental.
 */
export type CloseOutcome =
  | "closed"
  | "notReturned"
  | "ownBooking"
  | "refundTooLarge"
  | "asksChanged"
  | "transferPending"
  | "cardStillOpen"
  | "notFound";

type User = Pick<SessionUser, "id" | "type" | "supplierId">;
type Form = Partial<Pick<CloseForm, "method" | "refundAmount" | "refundMethod" | "refundReference">>;

/**
 * Closes the rental of booking `bookingId` (docs/domain.md#closing). An open card attempt of the
 * booking is ended first, as an amendment does: the settlement is made from the payments received.
 */
export async function closeRental(user: User, bookingId: number, form: Form, now = new Date()): Promise<CloseOutcome> {
  if (!isStaff(user)) return "notFound";
  const outcome = await closeOnce(user, bookingId, form, now);
  if (outcome !== "cardOpen") return outcome;
  await closeOpenCardAttempts(bookingId);
  const again = await closeOnce(user, bookingId, form, now);
  return again === "cardOpen" ? "cardStillOpen" : again;
}

/** A refusal found after something was written: thrown, so the transaction rolls it back. */
class Refused extends Error {
  constructor(readonly outcome: CloseOutcome) {
    super(outcome);
  }
}

async function closeOnce(user: User, bookingId: number, form: Form, now: Date): Promise<CloseOutcome | "cardOpen"> {
  try {
    return await closeIn(user, bookingId, form, now);
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

async function closeIn(user: User, bookingId: number, form: Form, now: Date): Promise<CloseOutcome | "cardOpen"> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, bookingId);
    if (!booking) return "notFound";
    const [rental] = await tx.select().from(rentals).where(eq(rentals.bookingId, booking.id)).for("update");
    if (!rental) return "notFound";
    if (rental.state !== "returned" || !rental.finalBill) return "notReturned";
    const bill = rental.finalBill;
    const settlement = await settlementOf(tx, booking, bill, now);
    const asks = closeAsksOf(settlement);
    if ((asks.payment && !form.method) || (asks.refund && !(form.refundAmount && form.refundMethod)))
      return "asksChanged";
    // Neither the payment nor the deposit's return: nobody settles their own money (docs/security.md#payments).
    if (booking.driverId === user.id) return "ownBooking";
    // The settlement is made from the payments received: none may be on its way (docs/domain.md#counter-money).
    const inFlight = await paymentOnItsWay(tx, booking.id, now);
    if (inFlight?.kind === "transfer") return "transferPending";
    if (inFlight) return "cardOpen";

    // Nothing is returned until a refund is recorded (docs/domain.md#deposit-ledger); checked
    // against the ledger read in this transaction. Later throws roll it back with the rest.
    const refundCents = asks.refund
      ? (form.refundAmount ?? 0)
      : settlement.depositOnCard
        ? settlement.depositHeldCents
        : 0;
    if (asks.refund && form.refundAmount && form.refundMethod) {
      const refund = { ...form, refundAmount: form.refundAmount, refundMethod: form.refundMethod };
      if ((await refundDeposit(tx, user, booking, refund, now)) === "tooLarge") throw new Refused("refundTooLarge");
      await keepFinalReceipt(tx, booking.id);
    }
    // A card hold is released (captured for what the bill retained) by a job (docs/domain.md#card-deposit-hold);
    // while a damage claim is open it stays held, and the claim's settlement settles it (docs/domain.md#damage-claims).
    const claimOpen = settlement.depositOnCard && (await openClaimAskedCents(tx, booking.id)) !== null;
    const hold = settlement.depositOnCard && !claimOpen ? await depositHoldOf(booking.id, tx) : null;
    if (hold) {
      if ((await settleHoldWithLedger(tx, user, booking, hold, now)) === "tooLarge")
        throw new Refused("refundTooLarge");
      await keepFinalReceipt(tx, booking.id);
    }

    const method = asks.payment ? (form.method ?? null) : null;
    if (method) {
      // The amount is the server's, never a posted one (docs/domain.md#closing).
      const taken = await takeCounterPayment(tx, user, {
        bookingId: booking.id,
        step: "close",
        method,
        amountCents: settlement.stillToPayCents,
        now,
      });
      if (taken === "duplicate") throw new Refused("notReturned");
    }

    await tx
      .update(rentals)
      .set({ state: "closed", closedAt: now, closedBy: user.id, updatedAt: now })
      .where(and(eq(rentals.bookingId, booking.id), eq(rentals.state, "returned")));
    await recordAudit(tx, user, {
      action: "booking.close",
      subjectType: "booking",
      subjectId: booking.id,
      supplierId: booking.supplierId,
      changes: {
        state: ["returned", "closed"],
        amountCents: [null, method ? settlement.stillToPayCents : 0],
        method: [null, method],
        depositReturnedCents: [null, refundCents],
        creditCents: [null, settlement.creditCents],
        toRefundCents: [null, settlement.toRefundCents],
      },
    });
    return "closed";
  });
}
