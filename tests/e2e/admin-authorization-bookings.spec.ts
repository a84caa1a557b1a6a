import { adminOnly, authorizationTable, forgedAgainstA, shared, verifyA, type Row } from "./admin-authorization";
import { expect, test } from "./support";

/*
 * The authorization matrix (tests/e2e/admin-authorization.ts) of bookings and their payments: the
 * back office's lists, the booking pages staff share with drivers, and pago móvil verification.
 */
const routes: Row[] = [
  // Only admins approve or reject transfers (docs/security.md#payments): supplier staff get 403.
  {
    name: "POST /admin/payments (empty form)",
    method: "POST",
    path: () => "/admin/payments",
    form: () => ({}),
    cells: adminOnly(400),
  },

  // Pago móvil verification of A's transfer, forged by whoever may not.
  {
    name: "POST /admin/payments approve A's payment",
    method: "POST",
    path: () => "/admin/payments",
    form: (fx) => ({ intent: "approve", paymentId: String(fx.paymentId) }),
    cells: verifyA(),
    untouched: ["payment", "booking"],
  },
  {
    name: "POST /admin/payments reject A's payment",
    method: "POST",
    path: () => "/admin/payments",
    form: (fx) => ({ intent: "reject", paymentId: String(fx.paymentId), reason: "Forged by staff" }),
    cells: verifyA(),
    untouched: ["payment", "booking"],
  },

  // Bookings (shared): lists, export and calendar show B nothing of A; A's booking by id is B's 404.
  {
    name: "GET /admin/bookings?q=:A's reference",
    method: "GET",
    path: (fx) => `/admin/bookings?q=${fx.bookingReference}`,
    cells: shared(),
  },
  { name: "GET /admin/bookings/export", method: "GET", path: () => "/admin/bookings/export", cells: shared() },
  {
    name: "GET /admin/calendar?month=:A's booking",
    method: "GET",
    path: (fx) => `/admin/calendar?month=${fx.bookingMonth}`,
    cells: shared(),
  },
  {
    name: "POST /admin/bookings (empty form)",
    method: "POST",
    path: () => "/admin/bookings",
    form: () => ({}),
    cells: shared(400),
  },
  {
    name: "POST /admin/bookings delete A's booking",
    method: "POST",
    path: () => "/admin/bookings",
    form: (fx) => ({ intent: "delete", ids: String(fx.bookingId) }),
    cells: forgedAgainstA(),
    untouched: ["booking"],
  },
  {
    // A list of outcomes, each "not found" for B: answered 200 like any bulk change, and nothing changes.
    name: "POST /admin/bookings cancel the selected: A's booking",
    method: "POST",
    path: () => "/admin/bookings",
    form: (fx) => ({ intent: "status-selected", ids: String(fx.bookingId), status: "cancelled" }),
    cells: { ...forgedAgainstA(), staffB: 200 },
    untouched: ["booking"],
  },

  // A's booking through the bookings pages staff share with drivers (the demo driver owns it).
  {
    name: "GET /booking?b=:A's booking",
    method: "GET",
    path: (fx) => `/booking?b=${fx.bookingId}`,
    cells: { visitor: 302, driver: 200, staffA: 200, staffB: 404, admin: 200 },
  },
  {
    name: "POST /booking?b=:A's booking (status → cancelled)",
    method: "POST",
    path: (fx) => `/booking?b=${fx.bookingId}`,
    form: () => ({ intent: "status", status: "cancelled" }),
    cells: { ...forgedAgainstA(), driver: null },
    untouched: ["booking", "payment"],
  },
  // docs/domain.md#internal-notes: only A's staff and admins write notes on A's booking.
  {
    name: "POST /booking?b=:A's booking (internal note)",
    method: "POST",
    path: (fx) => `/booking?b=${fx.bookingId}`,
    form: () => ({ intent: "add-note", note: "Forged note" }),
    cells: forgedAgainstA(),
    untouched: ["booking"],
  },
  {
    name: "POST /bookings delete A's booking",
    method: "POST",
    path: () => "/bookings",
    form: (fx) => ({ intent: "delete", ids: String(fx.bookingId) }),
    cells: { ...forgedAgainstA(), driver: null },
    untouched: ["booking"],
  },
];

const { fx, clients, checkRow } = authorizationTable();

for (const row of routes) test(row.name, () => checkRow(row));

test("A's staff and admins do see A's transfer (the markers B must not see are findable)", async () => {
  for (const role of ["staffA", "admin"] as const) {
    const body = await (await clients[role].get("/admin/payments")).text();
    expect(body, role).toContain(fx.bookingReference);
    expect(body, role).toContain(fx.transferReference);
  }
});
