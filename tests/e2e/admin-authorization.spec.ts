import type { APIRequestContext, APIResponse } from "@playwright/test";
import { sql } from "drizzle-orm";
import { backOfficeSections } from "../../app/modules/backoffice/sections";
import {
  ADMIN,
  awaitingTransfer,
  carOf,
  clientAs,
  DRIVER,
  formFields,
  marker,
  snapshot,
  staffOf,
} from "./admin-fixtures";
import { seedDatabase } from "./seed-database";
import { expect, test } from "./support";

/*
 * The back office's authorization matrix (docs/security.md#back-office), as raw HTTP: every
 * /admin route and action × visitor, driver, staff of supplier A, staff of supplier B, admin.
 * Each cell is the status that role must get: a visitor is sent to sign in, a driver finds no
 * back office (404), staff get their shared sections (403 on admin-only ones), admins get all.
 * By-id cells name supplier A's car, booking and payment: B's staff get 404, whatever the method
 * or the form says, the row is unchanged afterwards, and no answer to B carries A's data.
 *
 * THE TABLE is `routes` below: one row per route or action. Add a row when a route is added.
 */
const getDb = seedDatabase("staff of two suppliers, a car, a booking and a pago móvil transfer");

const roles = ["visitor", "driver", "staffA", "staffB", "admin"] as const;
type Role = (typeof roles)[number];

/** What one role must get: a status, or null when that role is not asked (a real change A may make). */
type Cells = Record<Role, number | null>;

/** Supplier A's rows (the demo supplier Llanos), named by markers no other page shows. */
type Fixture = {
  carId: number;
  carName: string;
  bookingId: number;
  bookingReference: string;
  /** The month of A's booking, "YYYY-MM", for the fleet calendar. */
  bookingMonth: string;
  paymentId: number;
  transferReference: string;
  staffAId: number;
  staffAEmail: string;
  supplierAId: number;
  /** A place every supplier serves. */
  placeId: number;
};

type Row = {
  /** Shown in the report: "GET /admin/cars/:carId". */
  name: string;
  method: "GET" | "POST";
  path: (fx: Fixture) => string;
  /** The form posted: fields, or a whole form (repeated fields) as a page would send it. */
  form?: (fx: Fixture) => Record<string, string> | URLSearchParams | Promise<URLSearchParams>;
  cells: Cells;
  /** The rows of A a request must leave as they were, when refused. */
  untouched?: Array<"car" | "booking" | "payment" | "staffA" | "supplierA" | "place">;
};

/* The usual columns. `ok`: what a role allowed in gets (200 for a page; 400 for an empty form). */
const shared = (ok = 200): Cells => ({ visitor: 302, driver: 404, staffA: ok, staffB: ok, admin: ok });
const adminOnly = (ok = 200): Cells => ({ visitor: 302, driver: 404, staffA: 403, staffB: 403, admin: ok });
/** A by-id route of supplier A's row: B's staff get 404, as for a missing row. */
const ownedByA = (ok = 200): Cells => ({ visitor: 302, driver: 404, staffA: ok, staffB: 404, admin: ok });
/** A forged change of A's row: asked of those who must be refused only, so nothing changes. */
const forgedAgainstA = (): Cells => ({ visitor: 302, driver: 404, staffA: null, staffB: 404, admin: null });
/** Verifying A's transfer: admins only, so A's own staff are refused too (403, before any lookup). */
const verifyA = (): Cells => ({ visitor: 302, driver: 404, staffA: 403, staffB: 403, admin: null });

const routes: Row[] = [
  // Every section of the menu (app/modules/backoffice/sections.ts), as a page…
  ...backOfficeSections("admin").map((section): Row => ({
    name: `GET ${section.path}`,
    method: "GET",
    path: () => section.path,
    cells: section.adminOnly ? adminOnly() : shared(),
  })),
  // …and as an action given an empty form: refused before or by validation, never a 500.
  // Only admins approve or reject transfers (docs/security.md#payments): supplier staff get 403.
  {
    name: "POST /admin/payments (empty form)",
    method: "POST",
    path: () => "/admin/payments",
    form: () => ({}),
    cells: adminOnly(400),
  },
  {
    name: "POST /admin/outbox (empty form)",
    method: "POST",
    path: () => "/admin/outbox",
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

  // Cars (shared): A's car by id, its edit form and its deletion, forged by B with A's own form.
  {
    name: "GET /admin/cars?q=:A's car",
    method: "GET",
    path: (fx) => `/admin/cars?q=${encodeURIComponent(fx.carName)}`,
    cells: shared(),
  },
  { name: "GET /admin/cars/new", method: "GET", path: () => "/admin/cars/new", cells: shared() },
  {
    name: "POST /admin/cars/new (empty form)",
    method: "POST",
    path: () => "/admin/cars/new",
    form: () => ({}),
    cells: shared(400),
  },
  { name: "GET /admin/cars/:A's car", method: "GET", path: (fx) => `/admin/cars/${fx.carId}`, cells: ownedByA() },
  {
    name: "GET /admin/cars/:A's car/delete",
    method: "GET",
    path: (fx) => `/admin/cars/${fx.carId}/delete`,
    cells: ownedByA(),
  },
  {
    name: "POST /admin/cars/:A's car (A's edit form, renamed and repriced)",
    method: "POST",
    path: (fx) => `/admin/cars/${fx.carId}`,
    form: async (fx) => {
      const form = formFields(await (await clients.staffA.get(`/admin/cars/${fx.carId}`)).text(), "dailyPrice");
      form.set("name", "Taken by B");
      form.set("dailyPrice", "1");
      return form;
    },
    cells: forgedAgainstA(),
    untouched: ["car"],
  },
  {
    // An invalid form is answered 404 like a valid one: validation never runs on another supplier's car.
    name: "POST /admin/cars/:A's car (empty form)",
    method: "POST",
    path: (fx) => `/admin/cars/${fx.carId}`,
    form: () => ({}),
    cells: { visitor: 302, driver: 404, staffA: 400, staffB: 404, admin: 400 },
    untouched: ["car"],
  },
  {
    name: "POST /admin/cars/:A's car/delete (delete)",
    method: "POST",
    path: (fx) => `/admin/cars/${fx.carId}/delete`,
    form: () => ({ intent: "delete" }),
    cells: forgedAgainstA(),
    untouched: ["car"],
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

  // Places and suppliers (admin-only).
  { name: "GET /admin/places/new", method: "GET", path: () => "/admin/places/new", cells: adminOnly() },
  {
    name: "POST /admin/places/new (empty form)",
    method: "POST",
    path: () => "/admin/places/new",
    form: () => ({}),
    cells: adminOnly(400),
  },
  { name: "GET /admin/places/:place", method: "GET", path: (fx) => `/admin/places/${fx.placeId}`, cells: adminOnly() },
  {
    name: "POST /admin/places/:place (empty form)",
    method: "POST",
    path: (fx) => `/admin/places/${fx.placeId}`,
    form: () => ({}),
    cells: { ...adminOnly(), admin: null },
    untouched: ["place"],
  },
  { name: "GET /admin/suppliers/new", method: "GET", path: () => "/admin/suppliers/new", cells: adminOnly() },
  {
    name: "POST /admin/suppliers/new (empty form)",
    method: "POST",
    path: () => "/admin/suppliers/new",
    form: () => ({}),
    cells: adminOnly(400),
  },
  {
    // Staff open their own supplier's page for its rental rules only (docs/domain.md#suppliers).
    name: "GET /admin/suppliers/:A",
    method: "GET",
    path: (fx) => `/admin/suppliers/${fx.supplierAId}`,
    cells: ownedByA(),
  },
  {
    name: "POST /admin/suppliers/:A (empty form)",
    method: "POST",
    path: (fx) => `/admin/suppliers/${fx.supplierAId}`,
    form: () => ({}),
    cells: { visitor: 302, driver: 404, staffA: 403, staffB: 404, admin: null },
    untouched: ["supplierA"],
  },
  {
    name: "POST /admin/suppliers/:A (rental rules, invalid)",
    method: "POST",
    path: (fx) => `/admin/suppliers/${fx.supplierAId}`,
    form: () => ({ intent: "rules", preparationHours: "99" }),
    cells: { visitor: 302, driver: 404, staffA: 400, staffB: 404, admin: 400 },
    untouched: ["supplierA"],
  },
  {
    name: "POST /admin/cars/:A?blocks (out of service, invalid)",
    method: "POST",
    path: (fx) => `/admin/cars/${fx.carId}?blocks`,
    form: () => ({ intent: "block" }),
    cells: ownedByA(400),
    untouched: ["car"],
  },

  // Users, settings, inbox (admin-only): staff are refused before anything is read or changed.
  { name: "GET /admin/users/new", method: "GET", path: () => "/admin/users/new", cells: adminOnly() },
  {
    name: "POST /admin/users/new (empty form)",
    method: "POST",
    path: () => "/admin/users/new",
    form: () => ({}),
    cells: adminOnly(400),
  },
  {
    name: "GET /admin/users/:A's staff member",
    method: "GET",
    path: (fx) => `/admin/users/${fx.staffAId}`,
    cells: adminOnly(),
  },
  {
    name: "POST /admin/users/:A's staff member (empty form)",
    method: "POST",
    path: (fx) => `/admin/users/${fx.staffAId}`,
    form: () => ({}),
    cells: adminOnly(400),
  },
  {
    name: "POST /admin/users/:A's staff member suspend",
    method: "POST",
    path: (fx) => `/admin/users/${fx.staffAId}`,
    form: () => ({ intent: "suspend" }),
    cells: { ...adminOnly(), admin: null },
    untouched: ["staffA"],
  },
  {
    name: "POST /admin/settings (empty form)",
    method: "POST",
    path: () => "/admin/settings",
    form: () => ({}),
    cells: adminOnly(400),
  },
  {
    name: "POST /admin/contact (empty form)",
    method: "POST",
    path: () => "/admin/contact",
    form: () => ({}),
    cells: adminOnly(400),
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

let fx: Fixture;
const clients = {} as Record<Role, APIRequestContext>;

test.describe.configure({ timeout: 60_000 });

test.beforeAll(async ({ baseURL }) => {
  const db = getDb();
  const staffA = await staffOf(db, "llanos");
  const staffB = await staffOf(db, "caribe");
  const carName = `Matrix ${marker("CAR")}`;
  const carId = await carOf(db, "llanos", carName);
  const bookingReference = marker("MX").slice(0, 16);
  const transferReference = String(Date.now()).slice(-9);
  const { bookingId, paymentId } = await awaitingTransfer(db, carId, bookingReference, transferReference);
  const [{ month }] = (await db.execute(
    sql`select to_char(starts_at at time zone 'America/Caracas', 'YYYY-MM') as month from bookings where id = ${bookingId}`,
  )) as unknown as Array<{ month: string }>;
  const [{ id: staffAId }] = (await db.execute(
    sql`select id from users where email = ${staffA.email}`,
  )) as unknown as Array<{ id: number }>;
  const [{ id: placeId }] = (await db.execute(
    sql`select id from locations where slug = 'maiquetia-airport'`,
  )) as unknown as Array<{ id: number }>;
  fx = {
    carId,
    carName,
    bookingId,
    bookingReference,
    bookingMonth: month,
    paymentId,
    transferReference,
    staffAId,
    staffAEmail: staffA.email,
    supplierAId: staffA.supplierId,
    placeId,
  };
  const emails: Record<Role, string | null> = {
    visitor: null,
    driver: DRIVER,
    staffA: staffA.email,
    staffB: staffB.email,
    admin: ADMIN,
  };
  for (const role of roles) clients[role] = await clientAs(baseURL!, emails[role]);
});

test.afterAll(async () => {
  await Promise.all(Object.values(clients).map((client) => client.dispose()));
});

async function send(client: APIRequestContext, row: Row): Promise<APIResponse> {
  const url = row.path(fx);
  if (row.method === "GET") return client.get(url, { maxRedirects: 0 });
  const form = (await row.form?.(fx)) ?? {};
  if (!(form instanceof URLSearchParams)) return client.post(url, { form, maxRedirects: 0 });
  return client.post(url, {
    data: form.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
}

const tables = {
  car: "cars",
  booking: "bookings",
  payment: "payments",
  staffA: "users",
  supplierA: "suppliers",
  place: "locations",
} as const;
const idOf = {
  car: () => fx.carId,
  booking: () => fx.bookingId,
  payment: () => fx.paymentId,
  staffA: () => fx.staffAId,
  supplierA: () => fx.supplierAId,
  place: () => fx.placeId,
};

for (const row of routes) {
  test(row.name, async () => {
    for (const role of roles) {
      const expected = row.cells[role];
      if (expected === null) continue;
      const before = await Promise.all(
        (row.untouched ?? []).map((kind) => snapshot(getDb(), tables[kind], idOf[kind]())),
      );
      const response = await send(clients[role], row);
      const cell = `${row.name} as ${role}`;
      expect.soft(response.status(), cell).toBe(expected);
      if (expected === 302)
        expect.soft(response.headers().location ?? "", `${cell}: sent to sign in`).toMatch(/^\/sign-in\?redirectTo=/);
      if (role === "staffB") {
        // Whatever B's staff asked for, the answer carries none of A's data; a value B typed in the
        // address itself (a search for A's car) is echoed back by the search box and the language links.
        const body = await response.text();
        const asked = decodeURIComponent(row.path(fx)).replace(/\+/g, " ");
        for (const secret of [fx.carName, fx.bookingReference, fx.transferReference, fx.staffAEmail].filter(
          (value) => !asked.includes(value),
        )) {
          expect.soft(body, `${cell} shows A's ${secret}`).not.toContain(secret);
        }
      }
      const after = await Promise.all(
        (row.untouched ?? []).map((kind) => snapshot(getDb(), tables[kind], idOf[kind]())),
      );
      expect.soft(after, `${cell}: A's rows unchanged`).toEqual(before);
    }
  });
}

test("A's staff and admins do see A's transfer (the markers B must not see are findable)", async () => {
  for (const role of ["staffA", "admin"] as const) {
    const body = await (await clients[role].get("/admin/payments")).text();
    expect(body, role).toContain(fx.bookingReference);
    expect(body, role).toContain(fx.transferReference);
  }
});
