import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBooking as checkoutBooking } from "~/modules/booking/create-booking.server";
import { noFilters } from "~/modules/catalogue/filters";
import { searchCars } from "~/modules/catalogue/search.server";
import { rentalDays } from "~/modules/pricing/pricing";
import { recordReturn } from "~/modules/counter/return.server";
import { instantToLocal } from "~/modules/time/zoned-time";
import { schema } from "~/utils/db.server";
import { fx, returnHooks, form } from "./fixtures/return";

/* Availability's "an overdue car is still out" (docs/domain.md#availability), at the counter's return. */
const { rentals } = schema;

returnHooks();

describe("an overdue car is still out (docs/domain.md#availability)", () => {
  const HOUR = 3_600_000;
  const later = (hours: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + hours * HOUR);

  async function inSearch() {
    const [pickUp, dropOff] = [later(48), later(96)];
    const { cars } = await searchCars({
      pickupId: fx.place.id,
      dropoffId: fx.place.id,
      period: { from: "", to: "", pickUp, dropOff, days: rentalDays(pickUp, dropOff) },
      timeZone: "America/Caracas",
      filters: noFilters,
      sort: "total",
      page: 1,
    });
    return cars.some((c) => c.id === fx.car.id);
  }

  const checkout = () =>
    checkoutBooking({
      carId: fx.car.id,
      pickupLocationId: fx.place.id,
      dropoffLocationId: fx.place.id,
      from: later(48),
      to: later(96),
      options: [],
      driver: { kind: "user", userId: fx.driver.id },
      additionalDriver: null,
      acceptedTerms: false,
      paymentMethod: "payLater",
    });

  it("is neither found nor booked until its return is recorded", async () => {
    // Picked up four days ago, due back three hours ago, not returned.
    const booking = await fx.pickedUp(later(-96), later(-3));
    expect(await inSearch()).toBe(false);
    expect(await checkout()).toEqual({ ok: false, reason: "unavailable" });
    const back = form({ odometer: 12_100, fuel: 8, returnedAt: instantToLocal(new Date(), "America/Caracas") });
    expect(await recordReturn(fx.staff, booking.id, back, new Date())).toMatchObject({ outcome: "returned" });
    expect(await inSearch()).toBe(true);
    expect(await checkout()).toMatchObject({ ok: true });
  });

  it("a car picked up before its booking's start is neither found nor booked for the days between (M3)", async () => {
    // Picked up an hour ago for a booking that starts in ten days (as the counter once allowed).
    const booking = await fx.pickedUp(later(240), later(312));
    await fx.db
      .update(rentals)
      .set({ pickedUpAt: later(-1) })
      .where(eq(rentals.bookingId, booking.id));
    expect(await inSearch()).toBe(false);
    expect(await checkout()).toEqual({ ok: false, reason: "unavailable" });
  });

  it("a car out and not yet due is offered after its drop-off as before", async () => {
    await fx.pickedUp(later(-24), later(24));
    expect(await inSearch()).toBe(true);
  });
});
