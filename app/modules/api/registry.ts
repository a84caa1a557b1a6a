import { isOperation, type Operation } from "./operation";
import * as accountContact from "./operations/account-contact";
import * as accountLinks from "./operations/account-links";
import * as accountPassword from "./operations/account-password";
import * as accountProfile from "./operations/account-profile";
import * as accountSignUp from "./operations/account-sign-up";
import * as bookings from "./operations/bookings";
import * as bookingsChanges from "./operations/bookings-changes";
import * as bookingsCheckout from "./operations/bookings-checkout";
import * as bookingsReview from "./operations/bookings-review";
import * as catalogue from "./operations/catalogue";
import * as catalogueReviews from "./operations/catalogue-reviews";
import * as notifications from "./operations/notifications";
import * as payments from "./operations/payments";
import * as paymentsBinance from "./operations/payments-binance";
import * as session from "./operations/session";

/*
 * Every operation of the API, in the order of the reference page. Each area declares its
 * operations in its own files under ./operations/ (one per use case) and adds ONE line per file
 * here; nothing else is listed by hand (the exports of each file are collected).
 */
const areas: Array<Array<Record<string, unknown>>> = [
  [session],
  [accountSignUp, accountLinks, accountPassword, accountProfile, accountContact],
  [catalogue, catalogueReviews],
  [bookings, bookingsCheckout, bookingsChanges, bookingsReview],
  [payments, paymentsBinance],
  [notifications],
];

/**
 * An area's operations in the order of their export names, whichever of its files holds them: the
 * order one module's namespace lists its exports in, so splitting a file moves nothing on the page.
 */
function operationsOf(files: Array<Record<string, unknown>>): Operation[] {
  return files
    .flatMap((file) => Object.entries(file))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, value]) => value)
    .filter(isOperation);
}

export const apiOperations: readonly Operation[] = areas.flatMap(operationsOf);
