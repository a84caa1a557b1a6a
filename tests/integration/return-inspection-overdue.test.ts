import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { finalReceipt } from "~/modules/counter/final-receipt.server";
import { rentalHistory } from "~/modules/counter/history.server";
import { inspectionOf, processInspectionPhotos, saveInspection } from "~/modules/counter/inspection.server";
import { loadReturn, recordReturn } from "~/modules/counter/return.server";
import { schema } from "~/utils/db.server";
import { pdfText } from "../pdf-text";
import { input, now, fx, returnHooks, form } from "./fixtures/return";
import { photoFile } from "./fixtures/counter";
import { createBooking as checkoutBooking } from "~/modules/booking/create-booking.server";
import { noFilters } from "~/modules/catalogue/filters";
import { searchCars } from "~/modules/catalogue/search.server";
import { rentalDays } from "~/modules/pricing/pricing";
import { instantToLocal } from "~/modules/time/zoned-time";

/*
 * The inspection at the return (docs/domain.md#inspection), the rental's history, and availability's
 * "an overdue car is still out" (docs/domain.md#availability) at the counter's return.
 */

const { auditLog, rentals } = schema;

returnHooks();

describe("the inspection at the return (docs/domain.md#inspection)", () => {
  it("saves the return's photos and new marks as phase in, leaves the pick-up's as they were, and prints them on the final receipt", async () => {
    const booking = await fx.pickedUp();
    const atPickup = [{ area: "leftSide", kind: "dent", note: "Rear door", x: 330, y: 600 }] as const;
    await saveInspection(fx.db, booking.id, "out", { photos: [], marks: [...atPickup] }, fx.staff.id);
    const processed = await processInspectionPhotos([await photoFile("back.png")]);
    if (!processed.ok) throw new Error(processed.message);
    const found = [{ area: "rear", kind: "scratch", note: "Bumper", x: null, y: null }] as const;

    expect(await loadReturn(fx.staff, booking.id)).toMatchObject({ pickupMarks: atPickup });
    const done = await recordReturn(fx.staff, booking.id, form({ marks: [...found] }), now, processed.photos);
    expect(done.outcome).toBe("returned");

    const inspection = await inspectionOf(fx.db, booking.id);
    expect(inspection.out).toEqual({ photoIds: [], marks: atPickup });
    expect(inspection.in.marks).toEqual(found);
    expect(inspection.in.photoIds).toHaveLength(1);
    const [audit] = await fx.db.select().from(auditLog).where(eq(auditLog.action, "booking.return"));
    expect(audit.changes).toMatchObject({ photos: [null, 1], damageMarks: [null, 1] });

    const text = await pdfText((await finalReceipt(fx.driver, booking.id))!.pdf);
    expect(text).toContain("Inspection at return");
    expect(text).toContain("Photos taken 1");
    expect(text).toContain("1. Rear — Scratch — Bumper");
    expect(text).not.toContain("Rear door");
  });

  it("saves nothing when the return is refused", async () => {
    const booking = await fx.pickedUp();
    const processed = await processInspectionPhotos([await photoFile("back.png")]);
    if (!processed.ok) throw new Error(processed.message);
    const marks = [{ area: "rear", kind: "scratch", note: null, x: null, y: null }] as const;
    const refused = await recordReturn(
      fx.staff,
      booking.id,
      form({ odometer: 11_999, marks: [...marks] }),
      now,
      processed.photos,
    );
    expect(refused.outcome).toBe("refused");
    expect(await inspectionOf(fx.db, booking.id)).toEqual({
      out: { photoIds: [], marks: [] },
      in: { photoIds: [], marks: [] },
    });
  });

  it("gives the booking's history its pick-up and return rows, with who took the car and the readings", async () => {
    const booking = await fx.pickedUp();
    expect((await rentalHistory(booking.id)).map((e) => e.kind)).toEqual(["pickedUp"]);
    await recordReturn(fx.staff, booking.id, form(), now);
    const [staff] = await fx.db.select().from(schema.users).where(eq(schema.users.id, fx.staff.id));
    expect(await rentalHistory(booking.id)).toEqual([
      { kind: "pickedUp", at: input.pickedUpAt, actor: staff.fullName, odometerKm: 12_000, fuelEighths: 8 },
      { kind: "returned", at: input.returnedAt, actor: staff.fullName, odometerKm: 12_600, fuelEighths: 5 },
    ]);
  });
});

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
