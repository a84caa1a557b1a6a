import type { LimitCode } from "~/modules/availability/limits";
import type { HoursRefusal } from "~/modules/availability/opening-hours";
import type { PlaceNames } from "~/modules/i18n/place-name";
import type { Language } from "~/modules/i18n/languages";
import type { OnlineMethod } from "~/modules/booking/methods";
import type { OptionKey } from "~/modules/pricing/pricing";
import type { UnpaidCapFailure } from "./checkout-limits.server";

/*
 * What a checkout asks `createBooking` (create-booking.server.ts) and what it answers: the booking,
 * or the one refusal the page and the API turn into a message.
 */

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
  /** The WhatsApp number (E.164) the driver opted in with at checkout, or null (docs/domain.md#whatsapp). */
  whatsappNumber?: string | null;
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

/** A check failed inside the transaction: thrown to roll back whatever it wrote, caught by `createBooking`. */
export class CheckoutRefused extends Error {
  constructor(readonly failure: CheckoutFailure) {
    super(failure.reason);
  }
}

export function refuse(failure: CheckoutFailure): never {
  throw new CheckoutRefused(failure);
}
