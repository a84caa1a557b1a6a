import type { ActionFacts } from "./actions";

/** A booking as bookingActions and bookingView read it, for their tests: pay-later, pending, on 10 December. */
export const actionFacts = (
  booking: Partial<ActionFacts["booking"]> = {},
  paidCents = 0,
  cancellationCents = 1500,
): ActionFacts => ({
  booking: {
    driverId: 1,
    status: "pending",
    paymentMethod: "payLater",
    startsAt: new Date("2026-12-10T10:00:00Z"),
    cancellation: false,
    cancelRequest: false,
    priceCents: 10000,
    ...booking,
  },
  paidCents,
  car: { cancellationCents },
});

export const now = new Date("2026-12-01T12:00:00Z");
export const driver = { id: 1, type: "user" } as const;
export const staff = { id: 9, type: "supplier" } as const;
export const admin = { id: 10, type: "admin" } as const;
