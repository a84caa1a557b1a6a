import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { loadCounter } from "~/modules/counter/counter.server";
import { listBookings } from "~/modules/booking/list-bookings.server";
import { addNote, listNotes } from "~/modules/booking/notes.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import {
  createBooking,
  createCar,
  createLocation,
  createSupplier,
  createUser,
  noBill,
  resetDatabase,
} from "../factories";

/*
 * The counter against the real database (docs/domain.md#counter): today and tomorrow counted on
 * each place's own clock, overdue returns (cars still out), the caller's supplier scope, the bookings list's
 * "picks up on" / "returns on" filters and sorting, and internal notes (docs/domain.md#internal-notes).
 */
const { auditLog } = schema;

const asStaff = (id: number, type: "admin" | "supplier" | "user", supplierId: number | null = null) =>
  ({ id, type, supplierId, email: "", fullName: "", language: "en", activated: true }) as unknown as StaffUser;

// 2026-11-26 15:00 UTC: 11:00 in Caracas (UTC−4), 17:00 in Athens (UTC+2).
const now = new Date("2026-11-26T15:00:00Z");

let fx: Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const db = await getDb();
  await resetDatabase(db);
  const [llanos, caribe] = [await createSupplier(db, { name: "Llanos" }), await createSupplier(db, { name: "Caribe" })];
  const caracas = await createLocation(db, { nameEn: "Caracas", timeZone: "America/Caracas" });
  const athens = await createLocation(db, { nameEn: "Athens", timeZone: "Europe/Athens" });
  const carL = await createCar(db, { supplierId: llanos.id, locationIds: [caracas.id, athens.id], plate: "AB123CD" });
  const carC = await createCar(db, { supplierId: caribe.id, locationIds: [caracas.id], plate: "XY987ZW" });
  const driver = await createUser(db, { fullName: "Daniela Conductora" });
  const staffL = await createUser(db, { type: "supplier", supplierId: llanos.id, fullName: "Luis Llanos" });
  const staffC = await createUser(db, { type: "supplier", supplierId: caribe.id });
  const admin = await createUser(db, { type: "admin" });
  let plates = 100;
  // Each booking on a car of its own (of `car`'s supplier): a car's bookings may not overlap.
  const book = async (
    car: typeof carL,
    place: typeof caracas,
    startsAt: string,
    endsAt: string,
    status: "pending" | "paid" | "reserved" | "cancelled" | "void" = "paid",
  ) => {
    const own = await createCar(db, { supplierId: car.supplierId, locationIds: [place.id], plate: `AB${++plates}CD` });
    const booking = await createBooking(db, {
      carId: own.id,
      supplierId: car.supplierId,
      driverId: driver.id,
      locationId: place.id,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      status,
    });
    return { ...booking, plate: own.plate };
  };
  return {
    staffL: asStaff(staffL.id, "supplier", llanos.id),
    staffC: asStaff(staffC.id, "supplier", caribe.id),
    admin: asStaff(admin.id, "admin"),
    driver: asStaff(driver.id, "user"),
    caracas,
    athens,
    carL,
    carC,
    book,
  };
}

beforeEach(async () => {
  fx = await setUp();
});

afterAll(async () => {
  await closeDb();
});

const references = (items: Array<{ reference: string }>) => items.map((i) => i.reference);

describe("today at the counter", () => {
  it("counts today and tomorrow on each place's clock", async () => {
    // Caracas: today is 2026-11-26 until 04:00 UTC on the 27th.
    const lateToday = await fx.book(fx.carL, fx.caracas, "2026-11-27T03:30:00Z", "2026-11-30T15:00:00Z"); // 23:30 on the 26th
    const earlyTomorrow = await fx.book(fx.carL, fx.caracas, "2026-11-27T04:00:00Z", "2026-12-05T15:00:00Z"); // 00:00 on the 27th
    const dayAfter = await fx.book(fx.carL, fx.caracas, "2026-11-28T04:00:00Z", "2026-12-06T15:00:00Z"); // 00:00 on the 28th
    const yesterday = await fx.book(fx.carL, fx.caracas, "2026-11-26T03:59:00Z", "2026-12-07T15:00:00Z"); // 23:59 on the 25th
    // Athens: the same 03:30 UTC is already the 27th (05:30), tomorrow there.
    const athensTomorrow = await fx.book(fx.carL, fx.athens, "2026-11-27T03:30:00Z", "2026-12-08T15:00:00Z");
    const athensLateToday = await fx.book(fx.carL, fx.athens, "2026-11-26T21:59:00Z", "2026-12-09T15:00:00Z"); // 23:59 on the 26th
    const places = await loadCounter(fx.staffL, "en", now);
    const caracas = places.find((p) => p.id === fx.caracas.id)!;
    const athens = places.find((p) => p.id === fx.athens.id)!;
    expect(caracas).toMatchObject({ today: "2026-11-26", tomorrow: "2026-11-27" });
    expect(references(caracas.pickups.today)).toEqual([lateToday.reference]);
    expect(caracas.pickups.today[0]).toMatchObject({
      time: "23:30",
      plate: lateToday.plate,
      driver: "Daniela Conductora",
    });
    expect(references(caracas.pickups.tomorrow)).toEqual([earlyTomorrow.reference]);
    expect(caracas.pickups.tomorrow[0].time).toBe("00:00");
    expect(athens).toMatchObject({ today: "2026-11-26", tomorrow: "2026-11-27" });
    expect(references(athens.pickups.today)).toEqual([athensLateToday.reference]);
    expect(references(athens.pickups.tomorrow)).toEqual([athensTomorrow.reference]);
    const shown = places.flatMap((p) => [...p.pickups.today, ...p.pickups.tomorrow]).map((i) => i.reference);
    expect(shown).not.toContain(dayAfter.reference);
    expect(shown).not.toContain(yesterday.reference);
  });

  it("lists returns by their return place, and overdue ones: cars still out after their drop-off", async () => {
    const db = await getDb();
    const out = (booking: { id: number; startsAt: Date }, returned = false) =>
      db.insert(schema.rentals).values({
        bookingId: booking.id,
        pickedUpAt: booking.startsAt,
        odometerOutKm: 1000,
        fuelOutEighths: 8,
        depositCents: 0,
        signerName: "Daniela Conductora",
        signedAt: booking.startsAt,
        language: "en",
        ...(returned
          ? { state: "returned" as const, returnedAt: now, odometerInKm: 1100, fuelInEighths: 8, finalBill: noBill }
          : {}),
      });
    const returnsToday = await fx.book(fx.carL, fx.caracas, "2026-11-20T15:00:00Z", "2026-11-26T20:00:00Z"); // 16:00 today
    const overdue = await fx.book(fx.carL, fx.caracas, "2026-11-20T15:00:00Z", "2026-11-26T13:00:00Z", "reserved"); // 09:00 today, passed
    const overdueOld = await fx.book(fx.carL, fx.caracas, "2026-11-10T15:00:00Z", "2026-11-12T15:00:00Z");
    const backOnTime = await fx.book(fx.carL, fx.caracas, "2026-11-08T15:00:00Z", "2026-11-09T15:00:00Z");
    const neverPickedUp = await fx.book(fx.carL, fx.caracas, "2026-11-05T15:00:00Z", "2026-11-07T15:00:00Z");
    for (const booking of [returnsToday, overdue, overdueOld]) await out(booking);
    await out(backOnTime, true);
    const pendingPast = await fx.book(fx.carL, fx.caracas, "2026-11-01T15:00:00Z", "2026-11-03T15:00:00Z", "pending");
    const cancelledPast = await fx.book(
      fx.carL,
      fx.caracas,
      "2026-11-04T15:00:00Z",
      "2026-11-06T15:00:00Z",
      "cancelled",
    );
    const hold = await fx.book(fx.carL, fx.caracas, "2026-11-26T20:00:00Z", "2026-11-28T15:00:00Z", "void");
    const cancelled = await fx.book(fx.carL, fx.caracas, "2026-11-26T21:00:00Z", "2026-11-29T15:00:00Z", "cancelled");
    const caracas = (await loadCounter(fx.staffL, "en", now)).find((p) => p.id === fx.caracas.id)!;
    expect(references(caracas.returns.today)).toEqual([overdue.reference, returnsToday.reference]);
    // The car out offers its return (docs/domain.md#counter).
    expect(caracas.returns.today.map((i) => i.rental)).toEqual(["out", "out"]);
    expect(references(caracas.overdue)).toEqual([overdueOld.reference, overdue.reference]);
    expect(caracas.overdue[0].time).toBe("2026-11-12 11:00");
    const all = JSON.stringify(caracas);
    for (const excluded of [backOnTime, neverPickedUp, pendingPast, cancelledPast, hold, cancelled])
      expect(all).not.toContain(excluded.reference);
  });

  it("shows staff their supplier's bookings only, with their fleet's places even when empty; admins every supplier's", async () => {
    const mine = await fx.book(fx.carL, fx.caracas, "2026-11-26T18:00:00Z", "2026-11-28T18:00:00Z");
    const theirs = await fx.book(fx.carC, fx.caracas, "2026-11-26T19:00:00Z", "2026-11-28T18:00:00Z");
    const llanos = await loadCounter(fx.staffL, "en", now);
    expect(llanos.map((p) => p.name).sort()).toEqual(["Athens", "Caracas"]);
    expect(references(llanos.find((p) => p.name === "Caracas")!.pickups.today)).toEqual([mine.reference]);
    expect(llanos.find((p) => p.name === "Athens")!.pickups.today).toEqual([]);
    const caribe = await loadCounter(fx.staffC, "en", now);
    expect(caribe.map((p) => p.name)).toEqual(["Caracas"]);
    expect(references(caribe[0].pickups.today)).toEqual([theirs.reference]);
    const admin = await loadCounter(fx.admin, "en", now);
    expect(admin.map((p) => p.name)).toEqual(["Caracas"]);
    expect(references(admin[0].pickups.today)).toEqual([mine.reference, theirs.reference]);
  });
});

describe("the bookings list for the counter", () => {
  const list = (user: StaffUser, extra: Parameters<typeof listBookings>[1] extends infer F ? Partial<F> : never) =>
    listBookings(user, { status: null, from: null, to: null, supplierId: null, page: 1, perPage: 20, ...extra });

  it("filters by the day of pick-up and of return on the place's clock, and sorts by a column", async () => {
    const a = await fx.book(fx.carL, fx.caracas, "2026-11-27T03:30:00Z", "2026-11-29T15:00:00Z"); // picks up the 26th, Caracas
    const b = await fx.book(fx.carL, fx.athens, "2026-11-27T03:30:00Z", "2026-11-30T15:00:00Z"); // the 27th, Athens
    const c = await fx.book(fx.carL, fx.caracas, "2026-11-26T12:00:00Z", "2026-11-29T02:00:00Z"); // returns the 28th, Caracas
    expect(references((await list(fx.staffL, { pickupOn: "2026-11-26" })).rows).sort()).toEqual(
      [a.reference, c.reference].sort(),
    );
    expect(references((await list(fx.staffL, { pickupOn: "2026-11-27" })).rows)).toEqual([b.reference]);
    expect(references((await list(fx.staffL, { returnOn: "2026-11-28" })).rows)).toEqual([c.reference]);
    expect(references((await list(fx.staffC, { pickupOn: "2026-11-26" })).rows)).toEqual([]);
    expect(references((await list(fx.staffL, { sort: "dropoff", dir: "asc" })).rows)).toEqual([
      c.reference,
      a.reference,
      b.reference,
    ]);
    expect(references((await list(fx.staffL, { sort: "pickup", dir: "desc" })).rows)).toEqual([
      b.reference,
      a.reference,
      c.reference,
    ]);
  });
});

describe("internal notes", () => {
  it("are added by the booking's staff and admins, listed with author and time, and audited", async () => {
    const booking = await fx.book(fx.carL, fx.caracas, "2026-11-27T15:00:00Z", "2026-11-29T15:00:00Z");
    expect(await addNote(fx.staffL, booking.id, "Driver will arrive late, flight delayed.")).toBe("added");
    expect(await addNote(fx.admin, booking.id, "Checked by Rueda.")).toBe("added");
    const notes = await listNotes(fx.staffL, booking.id);
    expect(notes.map((n) => [n.body, n.author])).toEqual([
      ["Driver will arrive late, flight delayed.", "Luis Llanos"],
      ["Checked by Rueda.", "Test Person"],
    ]);
    expect(notes[0].at).toBeInstanceOf(Date);
    const db = await getDb();
    const audit = await db
      .select({ action: auditLog.action, supplierId: auditLog.supplierId, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "booking"), eq(auditLog.subjectId, booking.id)))
      .orderBy(auditLog.id);
    expect(audit).toEqual([
      { action: "booking.note", supplierId: fx.carL.supplierId, actorId: fx.staffL.id },
      { action: "booking.note", supplierId: fx.carL.supplierId, actorId: fx.admin.id },
    ]);
  });

  it("are neither read nor written by another supplier's staff or the driver: the booking is missing for them", async () => {
    const booking = await fx.book(fx.carL, fx.caracas, "2026-11-27T15:00:00Z", "2026-11-29T15:00:00Z");
    await addNote(fx.staffL, booking.id, "Secret counter note");
    expect(await addNote(fx.staffC, booking.id, "Intruder")).toBe("notFound");
    expect(await addNote(fx.driver, booking.id, "Driver")).toBe("notFound");
    expect(await addNote(fx.staffL, 2 ** 40, "Huge id")).toBe("notFound");
    expect(await listNotes(fx.staffC, booking.id)).toEqual([]);
    expect(await listNotes(fx.driver, booking.id)).toEqual([]);
    expect((await listNotes(fx.admin, booking.id)).map((n) => n.body)).toEqual(["Secret counter note"]);
  });
});
