import { bookingActions, type ActionFacts, type BookingActions, type Viewer } from "./actions";
import { actorOf, closedStatuses, isIn, liveStatuses } from "./status";

/*
 * What the booking page shows one viewer of one booking (docs/domain.md#booking-status,
 * docs/architecture.md#layers): what they may do (bookingActions) and which sections and links
 * appear. The page's rules live here, pure and tested, so the route only loads and draws; the data
 * behind a section is loaded by the page's use case (counter/booking-page.server.ts) only when the
 * section shows.
 */

/** The booking's facts bookingActions reads, with the rental's state once the car is out. */
export type ViewFacts = ActionFacts & { rental?: { state: string } | null };

export type BookingView = BookingActions & {
  /** A grant holder (docs/security.md#unproven-addresses): read-only, no contact details, no downloads. */
  granted: boolean;
  /** Supplier staff or an admin: the paid and balance lines even before a payment. */
  staff: boolean;
  /** The booking's own people (driver, staff), not a grant holder: the back link to the list. */
  backLink: boolean;
  /** The driver's and the additional driver's email, phone and birth date. */
  contactDetails: boolean;
  /** Staff's internal notes (docs/domain.md#internal-notes): never the driver's, never a grant's. */
  notes: boolean;
  /** Who took the car out or back is named to staff; anyone else sees the supplier (docs/domain.md#booking-history). */
  namesCounterStaff: boolean;
  /** The voucher, for a booking that holds its car: not a bare hold, not cancelled (docs/domain.md#voucher). */
  voucher: boolean;
  /** The calendar file, while the booking is not cancelled or deleted. */
  calendar: boolean;
  /** The payment receipt may be offered (it also needs a succeeded payment on a paid booking). */
  receipt: boolean;
  /** Staff's link to the counter's pick-up, for a live booking whose car is not out yet (docs/domain.md#pick-up). */
  pickup: boolean;
  /** The signed agreement and the walk-around inspections, once the car is out (docs/domain.md#inspection). */
  agreement: boolean;
  inspection: boolean;
  /** Staff's link to record the return, while the car is out (docs/domain.md#return). */
  recordReturn: boolean;
  /** The final receipt of a returned car. */
  finalReceipt: boolean;
  /** Staff settle and close a returned rental (docs/domain.md#closing). */
  close: boolean;
};

export function bookingView(viewer: Viewer, facts: ViewFacts, now = new Date()): BookingView {
  const granted = Boolean(viewer.granted);
  const own = !granted;
  const staff = own && actorOf(viewer.type) === "staff";
  const status = facts.booking.status;
  const rental = facts.rental ?? null;
  return {
    ...bookingActions(viewer, facts, now),
    granted,
    staff,
    backLink: own,
    contactDetails: own,
    notes: staff,
    namesCounterStaff: staff,
    voucher: isIn(liveStatuses, status),
    calendar: own && !isIn(closedStatuses, status),
    receipt: own,
    pickup: staff && rental === null && isIn(liveStatuses, status),
    agreement: own && rental !== null,
    inspection: own && rental !== null,
    recordReturn: staff && rental?.state === "out",
    finalReceipt: own,
    close: staff && rental?.state === "returned",
  };
}
