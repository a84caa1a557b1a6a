import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import type { StaffUser } from "~/modules/access/staff.server";
import { fleetCalendar } from "~/modules/backoffice/calendar.server";
import { dashboardFigures } from "~/modules/backoffice/dashboard.server";
import { monthOf } from "~/modules/backoffice/month-grid";
import { exportBookings } from "~/modules/booking/export-bookings.server";
import { listBookings, type BookingFilters } from "~/modules/booking/list-bookings.server";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { getDb, schema } from "~/utils/db.server";
import { createBooking, createCar, createLocation, createSupplier, createUser } from "../factories";

/*
 * The back office's overview queries keep to the caller's scope (docs/security.md#back-office):
 * supplier B's staff see none of supplier A's bookings in the dashboard's figures, the bookings
 * list, its CSV export or the fleet calendar; admins see both. Figures follow
 * docs/domain.md#dashboard.
 */
const DAY = 86_400_000;
const now = new Date();
// Midday in Caracas a few days ahead, inside the occupancy window and clear of month edges where it matters.
const soon = (days: number) => new Date(Date.parse(now.toISOString().slice(0, 10) + "T16:00:00Z") + days * DAY);

let staffA: StaffUser, staffB: StaffUser, admin: StaffUser;
let supplierA: number, supplierB: number;
let carA: number, carB: number, spareCarB: number;
const refs = { a: [] as string[], b: [] as string[] };
// The driver's name is this run's own: the test database keeps earlier runs' rows.
const driverName = `Zoë Searchable ${Date.now().toString(36)}`;

const noFilters: Omit<BookingFilters, "page" | "perPage"> = { status: null, from: null, to: null, supplierId: null };
const all = async (user: StaffUser, filters = noFilters) => {
  const out: string[] = [];
  for await (const batch of exportBookings(user, filters, "en")) out.push(...batch.map((r) => r.reference));
  return out;
};

beforeAll(async () => {
  const db = await getDb();
  const { id: locationId } = await createLocation(db);
  ({ id: supplierA } = await createSupplier(db));
  ({ id: supplierB } = await createSupplier(db));
  ({ id: carA } = await createCar(db, { supplierId: supplierA, locationIds: [locationId] }));
  ({ id: carB } = await createCar(db, { supplierId: supplierB, locationIds: [locationId] }));
  ({ id: spareCarB } = await createCar(db, { supplierId: supplierB, locationIds: [locationId] }));
  const driver = await createUser(db, { fullName: driverName });
  const staff = (row: { id: number; type: "admin" | "supplier" | "user" | "enterprise"; supplierId: number | null }) =>
    ({ id: row.id, type: row.type, supplierId: row.supplierId }) as StaffUser;
  staffA = staff(await createUser(db, { type: "supplier", supplierId: supplierA }));
  staffB = staff(await createUser(db, { type: "supplier", supplierId: supplierB }));
  admin = staff(await createUser(db, { type: "admin" }));

  const book = async (
    side: "a" | "b",
    values: Partial<typeof schema.bookings.$inferInsert> & { startsAt: Date; endsAt: Date },
  ) => {
    const row = await createBooking(db, {
      carId: side === "a" ? carA : carB,
      supplierId: side === "a" ? supplierA : supplierB,
      driverId: driver.id,
      locationId,
      ...values,
    });
    refs[side].push(row.reference);
    return row;
  };
  // A: two paid bookings worth $500.00 and $123.45, a pending one with a pago móvil payment to verify.
  await book("a", { status: "paid", priceCents: 50_000, startsAt: soon(1), endsAt: soon(3) });
  await book("a", { status: "paid", priceCents: 12_345, startsAt: soon(4), endsAt: soon(5) });
  const pendingA = await book("a", { status: "pending", startsAt: soon(6), endsAt: soon(8) });
  await db.insert(schema.payments).values({
    bookingId: pendingA.id,
    method: "mobilePayment",
    status: "pending",
    amountCents: 5000,
    providerReference: `pm-${pendingA.id}`,
  });
  // B: one paid booking of three days ($75.00), one cancelled (holds nothing), two pago móvil payments to verify.
  const paidB = await book("b", { status: "paid", priceCents: 7_500, startsAt: soon(2), endsAt: soon(5) });
  await book("b", { status: "cancelled", startsAt: soon(10), endsAt: soon(12) });
  for (const n of [1, 2]) {
    await db.insert(schema.payments).values({
      bookingId: paidB.id,
      method: "mobilePayment",
      status: "pending",
      amountCents: 100,
      providerReference: `pm-${paidB.id}-${n}`,
    });
  }
});

afterAll(async () => {
  await closeDb();
});

const count = (figures: Awaited<ReturnType<typeof dashboardFigures>>, status: string) =>
  figures.statuses.find((s) => s.status === status)!.count;
const thisMonth = (figures: Awaited<ReturnType<typeof dashboardFigures>>) => figures.revenue.at(-1)!.cents;

describe("dashboard figures", () => {
  it("count staff's own supplier only: bookings by status, revenue, occupancy, payments to verify", async () => {
    const b = await dashboardFigures(staffB, now);
    expect(count(b, "paid")).toBe(1);
    expect(count(b, "cancelled")).toBe(1);
    expect(count(b, "pending")).toBe(0);
    expect(b.revenue).toHaveLength(12);
    expect(thisMonth(b)).toBe(7_500);
    expect(b.revenue.slice(0, 11).every((m) => m.cents === 0)).toBe(true);
    expect(b.awaitingPayments).toBe(2);
    // Two cars for 30 days; the paid booking holds one of them for 3 days; the cancelled one holds nothing.
    expect(b.occupancy).toMatchObject({ carCount: 2, bookedCarDays: 3, availableCarDays: 60 });
    expect(b.occupancy.ratio).toBeCloseTo(0.05);

    const a = await dashboardFigures(staffA, now);
    expect(count(a, "paid")).toBe(2);
    expect(count(a, "pending")).toBe(1);
    expect(thisMonth(a)).toBe(62_345);
    expect(a.awaitingPayments).toBe(1);
    expect(a.occupancy).toMatchObject({ carCount: 1, bookedCarDays: 5, availableCarDays: 30 });
  });

  it("give admins everyone's", async () => {
    const [a, b, all] = await Promise.all([
      dashboardFigures(staffA, now),
      dashboardFigures(staffB, now),
      dashboardFigures(admin, now),
    ]);
    expect(count(all, "paid")).toBeGreaterThanOrEqual(count(a, "paid") + count(b, "paid"));
    expect(thisMonth(all)).toBeGreaterThanOrEqual(thisMonth(a) + thisMonth(b));
    expect(all.awaitingPayments).toBeGreaterThanOrEqual(3);
  });
});

describe("bookings list and its CSV export", () => {
  const page = { page: 1, perPage: 50 };

  it("show staff of B none of A's bookings, whatever supplier they ask for", async () => {
    const list = await listBookings(staffB, { ...noFilters, ...page });
    expect(list.rows.map((r) => r.reference).sort()).toEqual([...refs.b].sort());
    expect(list.total).toBe(2);
    expect((await listBookings(staffB, { ...noFilters, supplierId: supplierA, ...page })).rows).toEqual([]);
    expect((await all(staffB)).sort()).toEqual([...refs.b].sort());
    expect(await all(staffB, { ...noFilters, supplierId: supplierA })).toEqual([]);
  });

  it("filter by status, supplier and text for admins, the export as the list", async () => {
    const filters = { ...noFilters, status: "paid" as const, supplierId: supplierA };
    const list = await listBookings(admin, { ...filters, ...page });
    expect(list.rows.map((r) => r.reference).sort()).toEqual(refs.a.slice(0, 2).sort());
    expect(await all(admin, filters)).toEqual(list.rows.map((r) => r.reference));

    const byReference = await listBookings(admin, { ...noFilters, search: refs.b[0].toLowerCase(), ...page });
    expect(byReference.rows.map((r) => r.reference)).toEqual([refs.b[0]]);
    expect(byReference.total).toBe(1);
    // Any case, any part of the name.
    const byDriver = await all(admin, { ...noFilters, search: driverName.slice(2).toUpperCase() });
    expect(byDriver.sort()).toEqual([...refs.a, ...refs.b].sort());
    // LIKE's wildcards are taken literally.
    expect((await listBookings(admin, { ...noFilters, search: "%", ...page })).total).toBe(0);
  });

  it("export the places' zones and the booking's price", async () => {
    const [batch] = await (async () => {
      const out = [];
      for await (const b of exportBookings(staffB, { ...noFilters, status: "paid" }, "en")) out.push(b);
      return out;
    })();
    expect(batch).toHaveLength(1);
    expect(batch[0]).toMatchObject({
      reference: refs.b[0],
      priceCents: 7_500,
      pickupTimeZone: "America/Caracas",
      driverEmail: expect.stringContaining("@"),
    });
  });
});

describe("fleet calendar", () => {
  // The month B's paid booking starts in.
  const month = monthOf(soon(2), APP_TIME_ZONE);

  it("shows staff of B their cars and bookings only, even when they name A", async () => {
    for (const supplierId of [null, supplierA]) {
      const calendar = await fleetCalendar(staffB, { month, supplierId, page: 1 });
      expect(calendar.cars.map((c) => c.id).sort()).toEqual([carB, spareCarB].sort());
      const bars = calendar.cars.flatMap((c) => c.lanes.flat());
      // The cancelled booking holds no car: no bar.
      expect(bars.map((b) => [b.reference, b.status])).toEqual([[refs.b[0], "paid"]]);
    }
  });

  it("lets an admin pick a supplier", async () => {
    const calendar = await fleetCalendar(admin, { month, supplierId: supplierA, page: 1 });
    expect(calendar.cars.map((c) => c.id)).toEqual([carA]);
    expect(calendar.days.length).toBeGreaterThanOrEqual(28);
  });
});
