import { confirmedStatuses, isIn, liveStatuses, type BookingStatus } from "./status";

/*
 * What a driver may do with their booking (docs/domain.md#cancellation). The rights follow how
 * the booking is paid and what was paid, never a status staff may set: a pay-later booking with
 * nothing paid changes and cancels freely before pick-up whether staff marked it reserved or
 * not; once money was received, changes and cancellation are requests, and need the
 * cancellation option bought or included.
 */

type PaymentMethod =
  | "cardPayment"
  | "payLater"
  | "mobilePayment"
  | "walletPayment"
  | "Cash"
  | "PointOfSell"
  | "zelle"
  | "bankTransfer"
  | "binancePay";

export type EligibilityFacts = {
  driverId: number;
  status: BookingStatus;
  paymentMethod: PaymentMethod;
  startsAt: Date;
  cancellation: boolean;
  cancelRequest: boolean;
  /** What succeeded payments cover, in cents. */
  paidCents: number;
};

/** The booking promised free changes and cancellation: pay later, and nothing received yet. */
export const changesFreely = (b: Pick<EligibilityFacts, "paymentMethod" | "paidCents">) =>
  b.paymentMethod === "payLater" && b.paidCents === 0;

/** The cancellation option bought, or included by the car (its price 0). */
const cancellationCovered = (b: Pick<EligibilityFacts, "cancellation">, carCancellationCents: number) =>
  b.cancellation || carCancellationCents === 0;

const live = (b: Pick<EligibilityFacts, "status" | "startsAt">, now: Date) =>
  b.startsAt > now && isIn(liveStatuses, b.status);

export type CancelKind = "immediate" | "request" | "none";

/** Whether the driver's cancel is immediate (pay later, nothing paid, before pick-up) or a request (money received, with the cancellation option). */
export function cancelKind(
  b: Omit<EligibilityFacts, "driverId">,
  carCancellationCents: number,
  now = new Date(),
): CancelKind {
  if (!live(b, now)) return "none";
  if (changesFreely(b)) return "immediate";
  if (b.cancelRequest || !cancellationCovered(b, carCancellationCents)) return "none";
  return "request";
}

/** Whether `userId` may amend the booking themselves: their own, changing freely, before pick-up. */
export function canAmend(
  userId: number,
  b: Pick<EligibilityFacts, "driverId" | "status" | "paymentMethod" | "startsAt" | "paidCents">,
  now = new Date(),
) {
  return b.driverId === userId && changesFreely(b) && live(b, now);
}

/**
 * Whether `userId` may ask for a change: their own confirmed booking that does not change
 * freely (paid online, or money received), before pick-up, with the cancellation option.
 */
export function canRequestAmendment(
  userId: number,
  b: Omit<EligibilityFacts, "cancelRequest">,
  carCancellationCents: number,
  now = new Date(),
) {
  return (
    b.driverId === userId &&
    b.startsAt > now &&
    isIn(confirmedStatuses, b.status) &&
    !changesFreely(b) &&
    cancellationCovered(b, carCancellationCents)
  );
}

/** Whether the driver is asked to pay it (docs/domain.md#payments): their own booking, pending or held, with a balance. */
export function awaitsPayment(
  userId: number,
  b: { driverId: number; status: BookingStatus; priceCents: number; paidCents: number },
) {
  return b.driverId === userId && (b.status === "pending" || b.status === "void") && b.paidCents < b.priceCents;
}
