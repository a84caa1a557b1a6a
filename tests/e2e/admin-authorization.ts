import type { APIRequestContext, APIResponse } from "@playwright/test";
import { sql } from "drizzle-orm";
import { ADMIN, awaitingTransfer, carOf, clientAs, DRIVER, marker, snapshot, staffOf } from "./admin-fixtures";
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
 * THE TABLE is the `routes` of the admin-authorization-*.spec.ts files, one file per area of the
 * back office: one row per route or action. Add a row when a route is added.
 */

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

export type Row = {
  /** Shown in the report: "GET /admin/cars/:carId". */
  name: string;
  method: "GET" | "POST";
  path: (fx: Fixture) => string;
  /** The form posted: fields, or a whole form (repeated fields) as a page would send it. */
  form?: (fx: Fixture) => Record<string, string> | URLSearchParams | Promise<URLSearchParams>;
  cells: Cells;
  /** The rows of A a request must leave as they were, when refused. */
  untouched?: Array<"car" | "booking" | "payment" | "staffA" | "supplierA" | "place" | "review">;
};

/* The usual columns. `ok`: what a role allowed in gets (200 for a page; 400 for an empty form). */
export const shared = (ok = 200): Cells => ({ visitor: 302, driver: 404, staffA: ok, staffB: ok, admin: ok });
export const adminOnly = (ok = 200): Cells => ({ visitor: 302, driver: 404, staffA: 403, staffB: 403, admin: ok });
/** A by-id route of supplier A's row: B's staff get 404, as for a missing row. */
export const ownedByA = (ok = 200): Cells => ({ visitor: 302, driver: 404, staffA: ok, staffB: 404, admin: ok });
/** A forged change of A's row: asked of those who must be refused only, so nothing changes. */
export const forgedAgainstA = (): Cells => ({ visitor: 302, driver: 404, staffA: null, staffB: 404, admin: null });
/** Verifying A's transfer: admins only, so A's own staff are refused too (403, before any lookup). */
export const verifyA = (): Cells => ({ visitor: 302, driver: 404, staffA: 403, staffB: 403, admin: null });

const tables = {
  car: "cars",
  booking: "bookings",
  payment: "payments",
  staffA: "users",
  supplierA: "suppliers",
  place: "locations",
  review: "reviews",
} as const;

/**
 * For an admin-authorization spec, called at its top: supplier A's rows and a client signed in
 * for each role, made before the file's tests. Returns A's rows and the clients (both filled in
 * before the first test), and the check of one row of the table, a test of its own in the spec.
 */
export function authorizationTable(): {
  fx: Fixture;
  clients: Record<Role, APIRequestContext>;
  checkRow: (row: Row) => Promise<void>;
} {
  const getDb = seedDatabase("staff of two suppliers, a car, a booking, its review and a pago móvil transfer");
  const fx = {} as Fixture;
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
    // A's published review of that booking, without a reply yet: what a forged reply would change.
    await db.execute(sql`insert into reviews (booking_id, supplier_id, author_id, overall, car_condition, cleanliness,
        staff, value, counter_speed, published_at)
      select id, supplier_id, driver_id, 4, 4, 4, 4, 4, 4, now() from bookings where id = ${bookingId}`);
    const [{ month }] = (await db.execute(
      sql`select to_char(starts_at at time zone 'America/Caracas', 'YYYY-MM') as month from bookings where id = ${bookingId}`,
    )) as unknown as Array<{ month: string }>;
    const [{ id: staffAId }] = (await db.execute(
      sql`select id from users where email = ${staffA.email}`,
    )) as unknown as Array<{ id: number }>;
    const [{ id: placeId }] = (await db.execute(
      sql`select id from locations where slug = 'maiquetia-airport'`,
    )) as unknown as Array<{ id: number }>;
    Object.assign(fx, {
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
    });
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

  const idOf = {
    car: () => fx.carId,
    booking: () => fx.bookingId,
    payment: () => fx.paymentId,
    staffA: () => fx.staffAId,
    supplierA: () => fx.supplierAId,
    place: () => fx.placeId,
    review: () => fx.bookingId,
  };

  /** One row of the table: every role that is asked gets its cell's answer. */
  async function checkRow(row: Row): Promise<void> {
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
  }
  return { fx, clients, checkRow };
}
