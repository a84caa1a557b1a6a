import { carIsBookableFor } from "~/modules/availability/availability.server";
import { limitFailure } from "~/modules/availability/limits";
import { hoursRefusalMessage, rentalHandovers, type HoursRefusal } from "~/modules/availability/opening-hours";
import { placeName } from "~/modules/i18n/place-name";
import { presentLocations, type PresentedLocation } from "~/modules/catalogue/present.server";
import type { Language } from "~/modules/i18n/languages";
import type { OnlineMethod } from "~/modules/booking/methods";
import { rentalFees, type FeeKey, type OptionKey, type RateSpan } from "~/modules/pricing/pricing";
import { ratesForCar } from "~/modules/pricing/seasons.server";
import { getDb } from "~/utils/db.server";
import { loadProfile, updateProfile } from "~/modules/user/profile.server";
import { authMessages } from "~/modules/user/messages";
import { loadCheckoutCar, type CheckoutCar } from "./checkout-car.server";
import type { CheckoutFailure, CheckoutResult } from "./checkout-outcome";
import { createBooking } from "./create-booking.server";
import {
  choosableOptions,
  parseCheckoutLink,
  type CheckoutFields,
  type CheckoutLink,
  type CheckoutProblem,
  type LinkErrors,
  type PaymentChoice,
} from "./checkout-form";
import { checkoutAllowed, visitorCheckoutRefused } from "./checkout-limits.server";
import { proveHuman, type CaptchaProof } from "~/modules/security/captcha.server";
import { bookingChoices, checkoutSchema, type CheckoutSchemaOptions, type CheckoutValues } from "./checkout-schema";
import { appToday, calendarDateIn } from "~/modules/time/calendar";
import { consentNumber } from "~/modules/whatsapp/consent";

/*
 * The steps of a checkout that the page (/checkout) and the API (POST /api/bookings) share, so
 * both book by the same rules: the link's car, places and period, what the form asks of this
 * driver for this car, the ways to pay, and the booking itself (create-booking.server.ts createBooking).
 */

export const problemStatus: Record<CheckoutProblem, number> = {
  invalid: 400,
  pastDates: 400,
  carNotFound: 404,
  notServed: 409,
  unavailable: 409,
  minimumNotice: 400,
  minimumDays: 400,
  outsideHours: 400,
};

export type CheckoutTarget = {
  link: CheckoutLink;
  car: CheckoutCar;
  /** How the period's days are charged (docs/domain.md#seasons): the page's prices, as the booking's. */
  rates: RateSpan[];
  pickupName: string;
  dropoffName: string;
  /** Both places, whose hours the page shows (docs/domain.md#opening-hours). */
  pickupPlace: PresentedLocation;
  dropoffPlace: PresentedLocation;
  /** The out-of-hours and one-way fees of this rental, priced in by the page's preview (docs/domain.md#fees). */
  fees: Partial<Record<FeeKey, number>>;
  /**
   * The pick-up's calendar date in its place's zone: the day the driver's age is counted on, for
   * the preview's young driver fee (docs/domain.md#young-driver-fee), which depends on who drives.
   */
  pickUpDate: string;
};

/** Why a checkout cannot be offered, with what its message names: the supplier's limit, or a place's hours. */
export type CheckoutTargetProblem = {
  ok: false;
  problem: CheckoutProblem;
  searchHref: string;
  errors?: LinkErrors;
  limit?: number;
  hours?: { key: string; values: Record<string, string> };
  /** The refused handover the message words, for the API to tell beside it (docs/domain.md#opening-hours). */
  refusal?: HoursRefusal;
};

/**
 * Reads the checkout link (`car`, `pickup`, `dropoff`, `from`, `to`; docs/domain.md#days) and
 * loads its car; `checkAvailability` also asks whether the car is free for the period (the page's
 * GET; a POST learns it from the booking's own check, inside its transaction).
 */
export async function readCheckoutTarget(
  params: URLSearchParams,
  language: Language,
  { now = new Date(), checkAvailability = false }: { now?: Date; checkAvailability?: boolean } = {},
): Promise<({ ok: true } & CheckoutTarget) | CheckoutTargetProblem> {
  const locations = await presentLocations(language);
  const known = new Map(locations.map((l) => [l.id, l]));
  const parsed = parseCheckoutLink(params, known, now);
  if (!parsed.ok) return parsed;
  const { link } = parsed;
  const fail = (problem: CheckoutProblem) => ({ ok: false as const, problem, searchHref: link.searchHref });
  const car = await loadCheckoutCar(link.carId);
  if (!car) return fail("carNotFound");
  if (!car.locationIds.includes(link.pickupId)) return fail("notServed");
  const beyondLimits = limitFailure(car.limits, link.period.pickUp, link.period.dropOff, now);
  if (beyondLimits) return { ...fail(beyondLimits.reason), limit: beyondLimits.limit };
  const pickup = known.get(link.pickupId)!;
  const dropoff = known.get(link.dropoffId)!;
  const handovers = rentalHandovers(pickup, dropoff, link.period.pickUp, link.period.dropOff);
  if (!handovers.ok) {
    const { refusal } = handovers;
    const place = refusal.placeId === pickup.id ? pickup : dropoff;
    return { ...fail("outsideHours"), hours: hoursRefusalMessage(refusal, place.name, language), refusal };
  }
  if (
    checkAvailability &&
    !(await carIsBookableFor({
      carId: car.id,
      locationId: link.pickupId,
      pickUp: link.period.pickUp,
      dropOff: link.period.dropOff,
      now,
    }))
  ) {
    return fail("unavailable");
  }
  const { pickUp, days } = link.period;
  const rates = await ratesForCar(await getDb(), car, { pickUp, days, timeZone: pickup.timeZone });
  return {
    ok: true,
    link,
    car,
    rates,
    pickupName: pickup.name,
    dropoffName: dropoff.name,
    pickupPlace: pickup,
    dropoffPlace: dropoff,
    fees: rentalFees(handovers.fees, car.oneWayFeeCents, pickup.id !== dropoff.id),
    pickUpDate: calendarDateIn(pickup.timeZone, pickUp),
  };
}

export type AccountDriver = {
  profile: NonNullable<Awaited<ReturnType<typeof loadProfile>>>;
  driver: { fullName: string; email: string; phone: string | null; birthDate: string | null };
};

/** What the signed-in driver's account already says; null for a visitor. */
export async function accountDriver(userId: number | null): Promise<AccountDriver | null> {
  if (userId === null) return null;
  const profile = await loadProfile(userId);
  if (!profile) return null;
  return {
    profile,
    driver: { fullName: profile.fullName, email: profile.email, phone: profile.phone, birthDate: profile.birthDate },
  };
}

/**
 * The ways to pay for this car now: at the counter if its supplier allows it, then each online
 * method configured (`enabledOnlineMethods`, read beside the car: docs/domain.md#payments).
 */
export function paymentChoices(
  car: Pick<CheckoutCar, "payLaterAllowed">,
  online: readonly OnlineMethod[],
): PaymentChoice[] {
  return [...(car.payLaterAllowed ? (["payLater"] as const) : []), ...online];
}

/** What the checkout asks of this driver for this car: the options of checkoutSchema. */
export function checkoutSchemaOptions(
  car: { options: Record<OptionKey, number> },
  driver: { phone: string | null; birthDate: string | null } | null,
  today: string,
  payments: readonly PaymentChoice[],
): CheckoutSchemaOptions {
  return {
    choosable: choosableOptions(car),
    additionalIncluded: car.options.additionalDriver === 0,
    driver: driver ? { kind: "user", askPhone: !driver.phone, askBirthDate: !driver.birthDate } : { kind: "visitor" },
    today,
    payments,
  };
}

/** The status each refusal of the booking service answers with. */
export const failureStatus: Record<CheckoutFailure["reason"], number> = {
  carNotFound: 404,
  pastDates: 400,
  notServed: 409,
  optionUnavailable: 400,
  additionalDriverMissing: 400,
  underAge: 400,
  termsNotAccepted: 400,
  emailTaken: 400,
  payLaterUnavailable: 400,
  unavailable: 409,
  tooManyUnpaid: 409,
  minimumNotice: 400,
  minimumDays: 400,
  outsideHours: 400,
};

/**
 * What to tell the driver about a refusal: a message key with its values (the age is in the
 * underage sentence, the count of bookings awaiting payment in the cap's) and the form field it belongs to, or null for the whole form.
 */
export function failureMessage(
  failure: CheckoutFailure,
  language: Language,
): {
  field: keyof CheckoutFields | null;
  message: string;
  values?: Record<string, string | number>;
} {
  switch (failure.reason) {
    case "underAge":
      return {
        field: failure.who === "driver" ? "birthDate" : "additionalBirthDate",
        message: failure.who === "driver" ? "booking:errors.underAge" : "booking:errors.additionalUnderAge",
        values: { count: failure.minimumAge },
      };
    case "termsNotAccepted":
      return { field: "tos", message: authMessages.acceptTerms };
    case "emailTaken":
      return { field: "email", message: authMessages.emailTaken };
    case "optionUnavailable":
      return { field: "options", message: "booking:errors.optionUnavailable" };
    case "payLaterUnavailable":
      return { field: "payment", message: "payment:checkout.payLaterUnavailable" };
    case "tooManyUnpaid":
      return { field: null, message: "booking:errors.tooManyUnpaid", values: { count: failure.count } };
    case "minimumNotice":
    case "minimumDays":
      return { field: null, message: `booking:errors.${failure.reason}`, values: { count: failure.limit } };
    case "outsideHours": {
      const { key, values } = hoursRefusalMessage(failure, placeName(failure.place, language), language);
      return { field: null, message: key, values };
    }
    default:
      return { field: null, message: `booking:errors.${failure.reason}` };
  }
}

/**
 * One checkout as the page and the API prepare it (docs/domain.md#days, docs/domain.md#payments):
 * the link's car and places (or why it cannot be booked), the driver's account, the ways to pay,
 * and the form's options and schema for this car and this driver, so both judge a submission
 * alike. The three reads run side by side. `online` is the operator's enabled online methods
 * (payment/config.server.ts enabledOnlineMethods), passed in by the caller because the booking
 * module sits below payment in the domain order (docs/architecture.md#layers).
 */
export async function prepareCheckout(
  params: URLSearchParams,
  {
    language,
    userId,
    online,
    checkAvailability = false,
    now = new Date(),
  }: {
    language: Language;
    userId: number | null;
    online: Promise<readonly OnlineMethod[]>;
    checkAvailability?: boolean;
    now?: Date;
  },
) {
  const [target, account, methods] = await Promise.all([
    readCheckoutTarget(params, language, { now, checkAvailability }),
    accountDriver(userId),
    online,
  ]);
  if (!target.ok) return target;
  const payments = paymentChoices(target.car, methods);
  const formOptions = checkoutSchemaOptions(target.car, account?.driver ?? null, appToday(now), payments);
  return { ...target, account, payments, formOptions, schema: checkoutSchema(formOptions) };
}

export type PreparedCheckout = Extract<Awaited<ReturnType<typeof prepareCheckout>>, { ok: true }>;

/**
 * Refused before the booking is tried: the client's visitor bookings of the hour are used up
 * (docs/domain.md#limits), or the captcha's proof failed or could not be checked
 * (docs/security.md#captcha).
 */
export type CheckoutGuard = "rateLimited" | "visitorLimit" | "captcha" | "captchaUnavailable";

/**
 * Books the checkout whose values passed its schema, under the checkout limits (checkoutAllowed:
 * counted once the form is valid, before anything is booked; docs/security.md#rate-limits): a
 * signed-in driver first completes what the account lacked (the booking reads the account), a
 * visitor proves a person when the captcha is on (after the limits are counted) and their details
 * make an unactivated account (createBooking). A visitor's checkout that books nothing gives its
 * count of the visitors' limit back.
 */
export async function bookCheckoutLimited(
  { link, car, account }: Pick<PreparedCheckout, "link" | "car" | "account">,
  value: CheckoutValues,
  { userId, language, ip, captcha }: { userId: number | null; language: Language; ip: string; captcha: CaptchaProof },
): Promise<CheckoutResult | CheckoutGuard> {
  const signedIn = userId !== null && account !== null;
  const allowed = await checkoutAllowed({ ip, userId, visitor: !signedIn });
  if (allowed !== "allowed") return allowed;
  if (signedIn) return book({ link, car, account }, value, userId, language);
  let booked = false;
  try {
    const verdict = await proveHuman(captcha, ip);
    if (verdict !== "passed") return verdict === "failed" ? "captcha" : "captchaUnavailable";
    const result = await book({ link, car, account: null }, value, null, language);
    booked = result.ok;
    return result;
  } finally {
    if (!booked) await visitorCheckoutRefused(ip);
  }
}

/** The booking of a checkout whose limits and captcha passed: the signed-in driver's, or a visitor's. */
async function book(
  { link, car, account }: Pick<PreparedCheckout, "link" | "car" | "account">,
  value: CheckoutValues,
  userId: number | null,
  language: Language,
): Promise<CheckoutResult> {
  if (userId !== null && account && (value.phone || value.birthDate)) {
    const { profile } = account;
    await updateProfile(userId, {
      fullName: profile.fullName,
      phone: value.phone ?? profile.phone ?? undefined,
      birthDate: value.birthDate ?? profile.birthDate ?? undefined,
      location: profile.location ?? undefined,
      bio: profile.bio ?? undefined,
      documentType: profile.documentType === 1 ? "1" : profile.documentType === 2 ? "2" : undefined,
      documentNumber: profile.documentNumber ?? undefined,
    });
  }
  const { options, additionalDriver } = bookingChoices(value, car.options.additionalDriver === 0);
  return createBooking({
    carId: car.id,
    pickupLocationId: link.pickupId,
    dropoffLocationId: link.dropoffId,
    from: link.period.pickUp,
    to: link.period.dropOff,
    options,
    driver:
      userId !== null && account
        ? { kind: "user", userId }
        : {
            kind: "visitor",
            language,
            fullName: value.fullName!,
            email: value.email!,
            phone: value.phone!,
            birthDate: value.birthDate!,
          },
    additionalDriver,
    acceptedTerms: value.tos === true,
    paymentMethod: value.payment,
    whatsappNumber: consentNumber(value),
  });
}
