import type { SessionUser } from "~/utils/session.server";
import {
  awaitsPayment,
  canAmend,
  canRequestAmendment,
  cancelKind,
  type CancelKind,
  type EligibilityFacts,
} from "./eligibility";
import { actorOf, allowedTargets, type BookingStatus } from "./status";

/*
 * What one viewer may do with one booking, now (docs/domain.md#cancellation,
 * docs/domain.md#booking-status): the one answer the booking page and the API show, built from
 * the pure predicates of eligibility.ts and the transition table of status.ts. Each action is
 * still checked again by its use case when asked for (cancel-booking, amend-booking…).
 */

/** Who looks: a signed-in user, or (`granted`) a visitor holding the booking's payment grant, who sees it as its driver read-only and may only pay (docs/security.md#unproven-addresses). */
export type Viewer = Pick<SessionUser, "id" | "type"> & { granted?: boolean };

/** The booking as bookingDetail reads it: the row, what succeeded payments cover, and the car's cancellation price. */
export type ActionFacts = {
  booking: Omit<EligibilityFacts, "paidCents"> & { priceCents: number };
  paidCents: number;
  car: { cancellationCents: number };
  /** The rental record: once the car is out the booking is no longer cancelled nor changed (docs/domain.md#pick-up). */
  rental?: { state: string } | null;
};

export type BookingActions = {
  /** The driver's cancel: at once, as a request to staff, or not offered. */
  cancel: CancelKind;
  /** The driver changes it themselves (amend-booking). */
  amend: boolean;
  /** The driver asks staff for a change (request-amendment). */
  amendmentRequest: boolean;
  /** The driver is asked to pay it (/payment). */
  pay: boolean;
  /** Staff settle the driver's open cancel request (accept or decline). */
  resolveCancelRequest: boolean;
  /** Staff: the statuses they may set now, in the table's order; `paid` only once payments cover the price. */
  statusMoves: BookingStatus[];
};

export function bookingActions(viewer: Viewer, detail: ActionFacts, now = new Date()): BookingActions {
  const facts = { ...detail.booking, paidCents: detail.paidCents };
  const own = !viewer.granted;
  const out = Boolean(detail.rental);
  const staff = own && actorOf(viewer.type) === "staff";
  return {
    cancel: own && !out && facts.driverId === viewer.id ? cancelKind(facts, detail.car.cancellationCents, now) : "none",
    amend: own && !out && canAmend(viewer.id, facts, now),
    amendmentRequest: own && !out && canRequestAmendment(viewer.id, facts, detail.car.cancellationCents, now),
    pay: awaitsPayment(viewer.id, facts),
    resolveCancelRequest: staff && facts.cancelRequest,
    statusMoves: staff
      ? allowedTargets("staff", facts.status)
          .filter((to) => to !== "paid" || facts.paidCents >= facts.priceCents)
          .filter((to) => !out || (to !== "cancelled" && to !== "deleted"))
      : [],
  };
}
