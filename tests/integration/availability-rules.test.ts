import { count, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { carIsBookableFor, limitsLeavingOut } from "~/modules/availability/availability.server";
import { blockCar, listCarBlocks, unblockCar } from "~/modules/fleet/car-blocks.server";
import { fleetCalendar } from "~/modules/backoffice/calendar.server";
import { monthOf } from "~/modules/backoffice/month-grid";
import { loadSupplierRules, updateSupplierRules } from "~/modules/suppliers/suppliers.server";
import { APP_TIME_ZONE, calendarDateIn } from "~/modules/time/calendar";
import { localToInstant } from "~/modules/time/zoned-time";
import type { CheckoutInput } from "~/modules/booking/checkout-outcome";
import { createBooking } from "~/modules/booking/create-booking.server";
import { amendBooking } from "~/modules/booking/amend-booking.server";
import { noFilters } from "~/modules/catalogue/filters";
import { searchCars } from "~/modules/catalogue/search.server";
import { rentalDays } from "~/modules/pricing/pricing";
import { getDb, schema } from "~/utils/db.server";
import {
  createBooking as insertBookingRow,
  createCar,
  createLocation,
  createSupplier,
  createUser,
  resetDatabase,
} from "../factories";

/*
 * The supplier's availability rules against the real database (docs/domain.md#preparation,
 * #out-of-service, #rental-limits): the search, the checkout, the amendment and the exclusion
 * constraint give the same answer, also when checkouts race.
 */
const { bookings, carBlocks, suppliers } = schema;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Ten days from now at 10:00 UTC: well in the future, whole hours.
const base = new Date(Math.floor((Date.now() + 10 * DAY) / DAY) * DAY + 10 * HOUR);
const at = (days: number, hours = 0) => new Date(base.getTime() + days * DAY + hours * HOUR);

let fx: { placeId: number; supplierId: number; carId: number; driverId: number };

function checkout(
  from: Date,
  to: Date,
  overrides: Partial<CheckoutInput> = {},
): Promise<ReturnType<typeof createBooking> extends Promise<infer R> ? R : never> {
  return createBooking({
    carId: fx.carId,
    pickupLocationId: fx.placeId,
    dropoffLocationId: fx.placeId,
    from,
    to,
    options: [],
    driver: { kind: "user", userId: fx.driverId },
    additionalDriver: null,
    acceptedTerms: false,
    paymentMethod: "payLater",
    ...overrides,
  });
}

async function inSearch(pickUp: Date, dropOff: Date, now?: Date) {
  const { cars } = await searchCars(
    {
      pickupId: fx.placeId,
      dropoffId: fx.placeId,
      period: { from: "", to: "", pickUp, dropOff, days: rentalDays(pickUp, dropOff) },
      timeZone: "America/Caracas",
      filters: noFilters,
      sort: "total",
      page: 1,
    },
    now,
  );
  return cars.some((c) => c.id === fx.carId);
}

const bookable = (pickUp: Date, dropOff: Date, now: Date | null = new Date()) =>
  carIsBookableFor({ carId: fx.carId, locationId: fx.placeId, pickUp, dropOff, now });

async function setSupplier(values: Partial<typeof suppliers.$inferInsert>) {
  const db = await getDb();
  await db.update(suppliers).set(values).where(eq(suppliers.id, fx.supplierId));
}

async function bookingBlocks() {
  const db = await getDb();
  return (await db.select({ n: count() }).from(carBlocks))[0].n;
}

async function bookingCount() {
  const db = await getDb();
  return (await db.select({ n: count() }).from(bookings))[0].n;
}

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  const place = await createLocation(db);
  const supplier = await createSupplier(db, { preparationHours: 2 });
  const car = await createCar(db, { supplierId: supplier.id, locationIds: [place.id] });
  const driver = await createUser(db, { birthDate: "1990-01-01" });
  fx = { placeId: place.id, supplierId: supplier.id, carId: car.id, driverId: driver.id };
});

afterAll(async () => {
  await closeDb();
});

describe("preparation time (docs/domain.md#preparation)", () => {
  it("keeps the car from a pick-up before the previous return plus preparation, everywhere alike", async () => {
    // Returned on day 0 at 10:00; 2 h preparation: free from 12:00.
    expect(await checkout(at(-2), at(0))).toMatchObject({ ok: true });
    expect(await inSearch(at(0, 1), at(2)), "search at 11:00").toBe(false);
    expect(await bookable(at(0, 1), at(2)), "predicate at 11:00").toBe(false);
    expect(await checkout(at(0, 1), at(2))).toEqual({ ok: false, reason: "unavailable" });
    expect(await inSearch(at(0, 2), at(2)), "search at 12:00").toBe(true);
    expect(await bookable(at(0, 2), at(2)), "predicate at 12:00").toBe(true);
    expect(await checkout(at(0, 2), at(2))).toMatchObject({ ok: true });
  });

  it("keeps the preparation after the new rental too: its return must leave time before the next pick-up", async () => {
    expect(await checkout(at(3), at(5))).toMatchObject({ ok: true });
    // Back at 09:00 on day 3 leaves one hour, not two, before the 10:00 pick-up.
    expect(await inSearch(at(1), at(2, 23))).toBe(false);
    expect(await checkout(at(1), at(2, 23))).toEqual({ ok: false, reason: "unavailable" });
    expect(await inSearch(at(1), at(2, 22))).toBe(true);
    expect(await checkout(at(1), at(2, 22))).toMatchObject({ ok: true });
  });

  it("is enforced by the database whatever the code: the exclusion constraint reads the stored hold", async () => {
    const db = await getDb();
    const row = (startsAt: Date, endsAt: Date) =>
      insertBookingRow(db, {
        carId: fx.carId,
        supplierId: fx.supplierId,
        driverId: fx.driverId,
        locationId: fx.placeId,
        startsAt,
        endsAt,
      });
    const first = await row(at(-2), at(0));
    expect(first.blockedUntil).toEqual(at(0, 2));
    await expect(row(at(0, 1), at(2))).rejects.toMatchObject({ cause: { code: "23P01" } });
    await expect(row(at(0, 2), at(2))).resolves.toBeTruthy();
  });

  it("lets none of 20 simultaneous checkouts at 11:00 win after a 10:00 return, and exactly one at 12:00", async () => {
    expect(await checkout(at(-2), at(0))).toMatchObject({ ok: true });
    const early = await Promise.all(Array.from({ length: 20 }, () => checkout(at(0, 1), at(2))));
    expect(early.filter((r) => r.ok)).toHaveLength(0);
    expect(early.every((r) => !r.ok && r.reason === "unavailable")).toBe(true);
    expect(await bookingCount()).toBe(1);
    const ready = await Promise.all(Array.from({ length: 20 }, () => checkout(at(0, 2), at(2))));
    expect(ready.filter((r) => r.ok)).toHaveLength(1);
    expect(ready.filter((r) => !r.ok && r.reason === "unavailable")).toHaveLength(19);
    expect(await bookingCount()).toBe(2);
  }, 120_000);

  it("keeps an existing booking's preparation when staff change it; new bookings and amendments take the new one", async () => {
    const made = await checkout(at(-2), at(0));
    if (!made.ok) throw new Error("booked");
    await setSupplier({ preparationHours: 5 });
    // The existing booking still holds the car until 12:00.
    expect(await inSearch(at(0, 2), at(2))).toBe(true);
    expect(await inSearch(at(0, 1), at(2))).toBe(false);
    // Amended (a later drop-off by one hour): now held with 5 h, until 16:00.
    const user = { id: fx.driverId, type: "user" as const, supplierId: null };
    expect(
      await amendBooking(
        user,
        made.bookingId,
        {
          pickUp: at(-2),
          dropOff: at(0, 1),
          pickupLocationId: fx.placeId,
          dropoffLocationId: fx.placeId,
          options: [],
          additionalDriver: null,
        },
        at(-3),
      ),
    ).toBe("amended");
    const db = await getDb();
    const [row] = await db.select().from(bookings).where(eq(bookings.id, made.bookingId));
    expect(row.blockedUntil).toEqual(at(0, 6));
    expect(await inSearch(at(0, 5), at(2))).toBe(false);
    expect(await inSearch(at(0, 6), at(2))).toBe(true);
  });
});

describe("out of service in the predicate (docs/domain.md#out-of-service)", () => {
  it("hides the car from search and refuses checkout while a block overlaps, half-open at both ends", async () => {
    const db = await getDb();
    await db.insert(carBlocks).values({ carId: fx.carId, startsAt: at(3), endsAt: at(5), reason: "maintenance" });
    expect(await inSearch(at(2), at(3, 1)), "into its start").toBe(false);
    expect(await inSearch(at(4), at(4, 5)), "inside").toBe(false);
    expect(await checkout(at(4, 23), at(6))).toEqual({ ok: false, reason: "unavailable" });
    expect(await inSearch(at(1), at(3)), "returned as it starts").toBe(true);
    expect(await inSearch(at(5), at(6)), "picked up as it ends").toBe(true);
    expect(await checkout(at(5), at(6))).toMatchObject({ ok: true });
  });
});

describe("minimum notice and minimum days (docs/domain.md#rental-limits)", () => {
  it("leaves out a pick-up closer than the notice, and lets one at exactly the notice through", async () => {
    await setSupplier({ minimumNoticeHours: 48 });
    const now = new Date(at(0).getTime() - 48 * HOUR);
    expect(await inSearch(at(0), at(2), now), "exactly 48 h ahead").toBe(true);
    expect(await bookable(at(0), at(2), now)).toBe(true);
    const later = new Date(now.getTime() + 60_000);
    expect(await inSearch(at(0), at(2), later), "a minute short").toBe(false);
    expect(await bookable(at(0), at(2), later)).toBe(false);
  });

  it("leaves out rentals shorter than the minimum days, counted as the price counts them", async () => {
    await setSupplier({ minimumDays: 3 });
    expect(await inSearch(at(0), at(3))).toBe(true);
    // Two days and one hour count as three rental days.
    expect(await inSearch(at(0), at(2, 1))).toBe(true);
    expect(await inSearch(at(0), at(2))).toBe(false);
    expect(await bookable(at(0), at(2))).toBe(false);
  });
});

describe("out of service in the back office (docs/domain.md#out-of-service)", () => {
  const staffOf = async (supplierId: number) => {
    const db = await getDb();
    const user = await createUser(db, { type: "supplier", supplierId });
    return { ...user, type: "supplier" as const, supplierId, unreadNotifications: 0 };
  };
  // Day strings of the app's clock (Caracas, UTC-4): `at(n)` is 06:00 there, so its date is day n's.
  const dayOf = (days: number) => calendarDateIn(APP_TIME_ZONE, at(days));

  it("blocks the car for whole days, audited, and hides it from search on those days only", async () => {
    const staff = await staffOf(fx.supplierId);
    const values = { from: dayOf(3), to: dayOf(4), reason: "maintenance" as const, note: "Frenos" };
    expect(await blockCar(staff, fx.carId, values)).toBe("blocked");
    expect(await inSearch(at(3), at(4))).toBe(false);
    expect(await inSearch(at(4, 12), at(6))).toBe(false);
    expect(await inSearch(at(6), at(7))).toBe(true);
    const [block] = await listCarBlocks(staff, fx.carId);
    expect(block).toMatchObject({ reason: "maintenance", note: "Frenos" });
    expect(block.startsAt).toEqual(localToInstant(`${dayOf(3)}T00:00`, APP_TIME_ZONE));
    const db = await getDb();
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "car.block"));
    expect(audit).toHaveLength(1);
    // The fleet calendar draws it in a row of its own.
    const month = monthOf(at(3), APP_TIME_ZONE);
    const calendar = await fleetCalendar(staff, { month, supplierId: null, page: 1 });
    const [row] = calendar.cars.filter((c) => c.id === fx.carId);
    expect(row.blockLanes.flat().map((b) => b.reason)).toEqual(["maintenance"]);
    expect(await unblockCar(staff, fx.carId, block.id)).toBe("removed");
    expect(await inSearch(at(3), at(4))).toBe(true);
  });

  it("refuses a block over bookings and names them; another supplier's staff do not find the car", async () => {
    const first = await checkout(at(3), at(4));
    const second = await checkout(at(5), at(6));
    if (!first.ok || !second.ok) throw new Error("booked");
    const staff = await staffOf(fx.supplierId);
    expect(await blockCar(staff, fx.carId, { from: dayOf(2), to: dayOf(5), reason: "accident" })).toEqual({
      overlaps: [first.reference, second.reference],
    });
    expect(await bookingBlocks()).toBe(0);
    const other = await staffOf((await createSupplier(await getDb())).id);
    expect(await blockCar(other, fx.carId, { from: dayOf(8), to: dayOf(9), reason: "other" })).toBe("notFound");
    expect(await listCarBlocks(other, fx.carId)).toEqual([]);
  });

  it("never lets a block and a checkout of the same days both succeed", async () => {
    const staff = await staffOf(fx.supplierId);
    for (let round = 0; round < 5; round++) {
      const day = 10 + round * 3;
      const [blocked, booked] = await Promise.all([
        blockCar(staff, fx.carId, { from: dayOf(day), to: dayOf(day), reason: "maintenance" }),
        checkout(at(day), at(day, 5)),
      ]);
      expect([blocked === "blocked", booked.ok].filter(Boolean), `round ${round}`).toHaveLength(1);
    }
  }, 60_000);
});

describe("minimum notice and days at checkout and in the search's explanation", () => {
  it("refuses a checkout below the limits with the limit named, and the search says which limit left cars out", async () => {
    await setSupplier({ minimumNoticeHours: 720 });
    expect(await checkout(at(0), at(3))).toEqual({ ok: false, reason: "minimumNotice", limit: 720 });
    const why = await limitsLeavingOut({ locationId: fx.placeId, pickUp: at(0), dropOff: at(3), now: new Date() });
    expect(why).toEqual({ minimumNoticeHours: 720, minimumDays: null });
    await setSupplier({ minimumNoticeHours: 0, minimumDays: 5 });
    expect(await checkout(at(0), at(3))).toEqual({ ok: false, reason: "minimumDays", limit: 5 });
    expect(await limitsLeavingOut({ locationId: fx.placeId, pickUp: at(0), dropOff: at(3), now: new Date() })).toEqual({
      minimumNoticeHours: null,
      minimumDays: 5,
    });
    expect(await checkout(at(0), at(5))).toMatchObject({ ok: true });
    expect(await bookingCount()).toBe(1);
  });
});

describe("the supplier's rules in the back office", () => {
  it("are saved by the supplier's staff, audited, and not found by another supplier's", async () => {
    const db = await getDb();
    const own = await createUser(db, { type: "supplier", supplierId: fx.supplierId });
    const staff = { ...own, type: "supplier" as const, supplierId: fx.supplierId, unreadNotifications: 0 };
    const rules = {
      preparationHours: 3,
      minimumNoticeHours: 24,
      minimumDays: 2,
      oneWayFeeCents: 4050,
      refuelEighth: 650,
      lateGraceMinutes: 59,
      depositReturnDays: 10,
      youngDriverAge: 23,
      youngDriverFeeCents: 1250,
    };
    expect(await updateSupplierRules(staff, fx.supplierId, rules)).toBe("updated");
    expect(await loadSupplierRules(staff, fx.supplierId)).toEqual(rules);
    const [entry] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.subjectId, fx.supplierId));
    // The final bill's settings (docs/domain.md#final-bill) are audited under their columns' names.
    expect(entry).toMatchObject({
      action: "supplier.update",
      changes: {
        preparationHours: [2, 3],
        oneWayFeeCents: [null, 4050],
        refuelEighthCents: [0, 650],
        lateGraceMinutes: [0, 59],
        depositReturnDays: [7, 10],
        youngDriverAge: [25, 23],
        youngDriverFeeCents: [null, 1250],
      },
    });
    const otherSupplier = await createSupplier(db);
    const stranger = { ...staff, supplierId: otherSupplier.id };
    expect(await updateSupplierRules(stranger, fx.supplierId, rules)).toBe("notFound");
    expect(await loadSupplierRules(stranger, fx.supplierId)).toBeNull();
  });
});
