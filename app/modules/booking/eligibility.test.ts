import { describe, expect, it } from "vitest";
import {
  awaitsPayment,
  canAmend,
  canRequestAmendment,
  cancelKind,
  changesFreely,
  type EligibilityFacts,
} from "./eligibility";

const now = new Date("2026-12-01T12:00:00Z");
const later = new Date("2026-12-10T10:00:00Z");
const earlier = new Date("2026-11-30T10:00:00Z");

const facts = (b: Partial<EligibilityFacts> = {}): EligibilityFacts => ({
  driverId: 1,
  status: "pending",
  paymentMethod: "payLater",
  startsAt: later,
  cancellation: false,
  cancelRequest: false,
  paidCents: 0,
  ...b,
});

describe("what a driver may do with their booking (docs/domain.md#cancellation)", () => {
  it("a pay-later booking with nothing paid changes freely, whatever staff marked it", () => {
    expect(changesFreely(facts())).toBe(true);
    expect(changesFreely(facts({ paidCents: 1 }))).toBe(false);
    expect(changesFreely(facts({ paymentMethod: "cardPayment" }))).toBe(false);
    for (const status of ["pending", "reserved", "deposit", "paid"] as const) {
      expect(cancelKind(facts({ status }), 1500, now)).toBe("immediate");
      expect(canAmend(1, facts({ status }), now)).toBe(true);
    }
  });

  it("nothing is offered at or after pick-up, nor on a hold, a cancelled or a deleted booking", () => {
    expect(cancelKind(facts({ startsAt: earlier }), 0, now)).toBe("none");
    expect(cancelKind(facts({ startsAt: now }), 0, now)).toBe("none");
    expect(canAmend(1, facts({ startsAt: earlier }), now)).toBe(false);
    for (const status of ["void", "cancelled", "deleted"] as const) {
      expect(cancelKind(facts({ status }), 0, now)).toBe("none");
      expect(canAmend(1, facts({ status }), now)).toBe(false);
    }
  });

  it("once money was received, cancelling is a request, and only with the cancellation option", () => {
    const paid = { paymentMethod: "cardPayment" as const, status: "paid" as const, paidCents: 10000 };
    expect(cancelKind(facts(paid), 1500, now)).toBe("none");
    expect(cancelKind(facts({ ...paid, cancellation: true }), 1500, now)).toBe("request");
    // Included by the car (its price 0).
    expect(cancelKind(facts(paid), 0, now)).toBe("request");
    // A request already sent is not sent twice.
    expect(cancelKind(facts({ ...paid, cancellation: true, cancelRequest: true }), 1500, now)).toBe("none");
  });

  it("a driver asks for a change to their own confirmed booking that does not change freely", () => {
    const paid = {
      paymentMethod: "mobilePayment" as const,
      status: "paid" as const,
      paidCents: 10000,
      cancellation: true,
    };
    expect(canRequestAmendment(1, facts(paid), 1500, now)).toBe(true);
    expect(canRequestAmendment(2, facts(paid), 1500, now)).toBe(false);
    expect(canRequestAmendment(1, facts({ ...paid, cancellation: false }), 1500, now)).toBe(false);
    expect(canRequestAmendment(1, facts({ ...paid, status: "pending" }), 1500, now)).toBe(false);
    expect(canRequestAmendment(1, facts({ ...paid, startsAt: earlier }), 1500, now)).toBe(false);
    // Pay later with nothing paid amends itself instead.
    expect(canRequestAmendment(1, facts({ status: "reserved", cancellation: true }), 1500, now)).toBe(false);
  });

  it("only the driver amends, and only their own booking", () => {
    expect(canAmend(2, facts(), now)).toBe(false);
  });

  it("the driver is asked to pay a pending booking or a hold while a balance remains", () => {
    const b = { driverId: 1, priceCents: 10000, paidCents: 0 };
    expect(awaitsPayment(1, { ...b, status: "pending" })).toBe(true);
    expect(awaitsPayment(1, { ...b, status: "void" })).toBe(true);
    expect(awaitsPayment(1, { ...b, status: "pending", paidCents: 10000 })).toBe(false);
    expect(awaitsPayment(1, { ...b, status: "reserved" })).toBe(false);
    expect(awaitsPayment(2, { ...b, status: "pending" })).toBe(false);
  });
});
