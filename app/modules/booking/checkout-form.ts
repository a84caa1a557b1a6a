import { rowIdParam } from "~/utils/row-id";
import { parseRentalPeriod, periodMessages, type RentalPeriod } from "~/modules/availability/period";
import { DEFAULT_TIME_ZONE, searchHref, type KnownLocation } from "~/modules/catalogue/search-query";
import type { OnlineMethod } from "~/modules/booking/methods";
import { optionKeys, optionState, type OptionKey, type PricedCar } from "~/modules/pricing/pricing";
import { FULL_NAME_MAX } from "~/modules/user/limits";

/**
 * The checkout page's inputs, shared by the server and the browser: the Book link's query
 * string (search-query.ts checkoutHref) and the form. Pure: no database, no clock.
 */

/** How the driver pays: at the counter, or online by one of the methods (docs/domain.md#payments). */
export type PaymentChoice = "payLater" | OnlineMethod;

export const checkoutMessages = {
  optionUnavailable: "booking:errors.optionUnavailable",
  payment: "booking:errors.payment",
} as const;

/** A link that cannot be booked as it stands, and the search it came from (when it can be told). */
export type LinkProblem = "invalid" | "pastDates";

/** Why a checkout cannot even be offered: a bad link, a car gone, a place it does not serve, a car taken. */
export const checkoutProblems = [
  "invalid",
  "pastDates",
  "carNotFound",
  "notServed",
  "unavailable",
  // The supplier's minimum notice or minimum days (docs/domain.md#rental-limits); the answer names the limit.
  "minimumNotice",
  "minimumDays",
  // A handover outside a place's hours (docs/domain.md#opening-hours); the answer names the hours.
  "outsideHours",
] as const;
export type CheckoutProblem = (typeof checkoutProblems)[number];

export type CheckoutLink = {
  carId: number;
  pickupId: number;
  dropoffId: number;
  period: RentalPeriod;
  searchHref: string;
};

function knownId(raw: string | null, known: Map<number, KnownLocation>): number | null {
  const id = rowIdParam(raw);
  return id !== null && known.has(id) ? id : null;
}

/** Which parameter of a link is wrong, and the message for it (the search's own messages for places and dates). */
export type LinkErrors = Partial<Record<"car" | "pickup" | "dropoff" | "from" | "to", string>>;

/**
 * Reads `/checkout?car=…&pickup=…&dropoff=…&from=…&to=…`; dates are wall-clock times on
 * the pick-up place's clock (docs/domain.md#days).
 */
export function parseCheckoutLink(
  params: URLSearchParams,
  known: Map<number, KnownLocation>,
  now: Date,
): { ok: true; link: CheckoutLink } | { ok: false; problem: LinkProblem; searchHref: string; errors: LinkErrors } {
  const carId = rowIdParam(params.get("car"));
  const pickupId = knownId(params.get("pickup"), known);
  const dropoffId = knownId(params.get("dropoff") ?? params.get("pickup"), known);
  const from = (params.get("from") ?? "").slice(0, 40);
  const to = (params.get("to") ?? "").slice(0, 40);
  const back =
    pickupId !== null && from && to ? searchHref({ pickup: pickupId, dropoff: dropoffId, from, to }) : "/search";
  const errors: LinkErrors = {};
  if (carId === null) errors.car = "booking:errors.carNotFound";
  if (pickupId === null) errors.pickup = "catalogue:errors.unknownLocation";
  if (dropoffId === null) errors.dropoff = "catalogue:errors.unknownLocation";
  if (carId === null || pickupId === null || dropoffId === null)
    return { ok: false, problem: "invalid", searchHref: back, errors };
  const period = parseRentalPeriod({ from, to }, known.get(pickupId)?.timeZone ?? DEFAULT_TIME_ZONE, now);
  if (!period.ok) {
    const past = period.errors.from === periodMessages.fromPast;
    return { ok: false, problem: past ? "pastDates" : "invalid", searchHref: back, errors: period.errors };
  }
  return { ok: true, link: { carId, pickupId, dropoffId, period: period.period, searchHref: back } };
}

/** The options a driver may tick: those with a price (included ones need no choice, unavailable ones are not offered). */
export function choosableOptions(car: Pick<PricedCar, "options">): OptionKey[] {
  return optionKeys.filter((key) => {
    const kind = optionState(key, car.options[key]).kind;
    return kind === "perDay" || kind === "flat";
  });
}

export const additionalDriverFields = {
  fullName: "additionalFullName",
  email: "additionalEmail",
  phone: "additionalPhone",
  birthDate: "additionalBirthDate",
} as const;

/** What a checkout link may carry besides the rental, so a driver who signs in comes back to the same form. */
export type CheckoutChoices = {
  options: OptionKey[];
  additionalFullName: string;
  additionalEmail: string;
  additionalPhone: string;
  additionalBirthDate: string;
};

export function choicesFromParams(params: URLSearchParams): CheckoutChoices {
  const text = (name: string, max: number) => (params.get(name) ?? "").slice(0, max);
  return {
    options: optionKeys.filter((key) => params.getAll("options").includes(key)),
    additionalFullName: text(additionalDriverFields.fullName, FULL_NAME_MAX),
    additionalEmail: text(additionalDriverFields.email, 254),
    additionalPhone: text(additionalDriverFields.phone, 32),
    additionalBirthDate: text(additionalDriverFields.birthDate, 10),
  };
}

/** This checkout's address (`search` is the page's own query string) with the driver's choices in it. */
export function checkoutHrefWithChoices(
  search: string,
  choices: Partial<Record<keyof CheckoutChoices, unknown>>,
): string {
  const params = new URLSearchParams(search);
  params.delete("options");
  for (const name of Object.values(additionalDriverFields)) params.delete(name);
  const options = Array.isArray(choices.options) ? choices.options : choices.options ? [choices.options] : [];
  for (const key of optionKeys) if (options.includes(key)) params.append("options", key);
  for (const name of Object.values(additionalDriverFields)) {
    const value = choices[name];
    if (typeof value === "string" && value) params.set(name, value);
  }
  return `/checkout?${params}`;
}

/** Every field the form can have (which are asked depends on the driver). */
export type CheckoutFields = Partial<
  CheckoutChoices & {
    fullName: string;
    email: string;
    phone: string;
    birthDate: string;
    tos: boolean;
    payment: PaymentChoice;
    whatsappOptIn: boolean;
    whatsappNumber: string;
  }
>;
