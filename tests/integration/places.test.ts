import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forgetReferenceData, getLocations } from "~/modules/catalogue/reference.server";
import type { PlaceColumns } from "~/modules/places/place-form";
import {
  createPlace,
  deletePlace,
  listPlaces,
  loadPlace,
  placeUsage,
  updatePlace,
} from "~/modules/places/places.server";
import { getDb, schema } from "~/utils/db.server";
import { createBooking, createCar, createLocation, createSupplier as insertSupplier, createUser } from "../factories";
import { DAY, admin, tag, auditOf, findListed, backOfficeHooks } from "./fixtures/back-office";

/*
 * The places service of the back office against the real database. Every test makes its own rows
 * (unique names and addresses), so it reads the same whatever else is there.
 */
const { carLocations } = schema;

backOfficeHooks();

function place(overrides: Partial<PlaceColumns> = {}): PlaceColumns {
  const name = `Mérida ${tag()}`;
  return {
    nameEs: `Aeropuerto de ${name}`,
    nameEn: `${name} Airport`,
    nameFr: `Aéroport de ${name}`,
    nameEl: `Αεροδρόμιο ${name}`,
    address: "Av. Urdaneta, Mérida",
    kind: "airport",
    timeZone: "America/Caracas",
    counterEs: "",
    counterEn: "",
    counterFr: "",
    counterEl: "",
    latitude: 8.5822,
    longitude: -71.1611,
    openingHours: null,
    closedDates: [],
    outOfHoursFeeCents: null,
    ...overrides,
  };
}

describe("places", () => {
  it("creates a place with a slug from its Spanish name, numbered when taken, audited, and public once a car serves it", async () => {
    await getLocations(); // the catalogue's cache is warm before the change
    const values = place();
    const first = await createPlace(admin, values);
    const second = await createPlace(admin, { ...values, nameEs: values.nameEs.toUpperCase() });
    const [a, b] = [await loadPlace(first.id), await loadPlace(second.id)];
    expect(a).toMatchObject({ ...values, slug: expect.stringMatching(/^aeropuerto-de-merida-[0-9a-f]{8}$/) });
    expect(b!.slug).toBe(`${a!.slug}-2`);

    const [entry] = await auditOf("location", first.id);
    expect(entry).toMatchObject({ action: "location.create", actorId: admin.id, supplierId: null });
    expect(entry.changes).toMatchObject({
      nameEn: [null, values.nameEn],
      latitude: [null, 8.5822],
      slug: [null, a!.slug],
    });

    // No car serves them yet: drivers are not offered them (docs/domain.md#places).
    const ids = async () => (await getLocations()).map((l) => l.id);
    expect(await ids()).not.toContain(first.id);
    // A car of an inactive supplier, or an unavailable or deleted car, does not make a place public.
    const db = await getDb();
    const supplier = await insertSupplier(db);
    const inactive = await insertSupplier(db, { active: false });
    await createCar(db, { supplierId: inactive.id, locationIds: [first.id] });
    await createCar(db, { supplierId: supplier.id, locationIds: [first.id], availability: "unavailable" });
    await createCar(db, { supplierId: supplier.id, locationIds: [first.id], status: "deleted" });
    forgetReferenceData();
    expect(await ids()).not.toContain(first.id);
    // An available car of an active supplier does, at once for the process that saves it.
    await createCar(db, { supplierId: supplier.id, locationIds: [first.id] });
    forgetReferenceData();
    expect(await ids()).toContain(first.id);
    expect(await ids()).not.toContain(second.id);
  });

  it("takes the slug from the English name when the Spanish one has no Latin letters", async () => {
    const values = place({ nameEs: "Μέριδα", nameEn: `Merida Downtown ${tag()}` });
    const { id } = await createPlace(admin, values);
    expect((await loadPlace(id))!.slug).toMatch(/^merida-downtown-[0-9a-f]{8}$/);
  });

  it("updates only what changed, keeps the slug, records the changed fields and refreshes the catalogue", async () => {
    const { id } = await createPlace(admin, place());
    const db = await getDb();
    await createCar(db, { supplierId: (await insertSupplier(db)).id, locationIds: [id] });
    const before = (await loadPlace(id))!;
    await getLocations();
    expect(await updatePlace(admin, id, { ...before, timeZone: "Europe/Madrid", latitude: 40.4722 })).toBe("updated");
    const after = (await loadPlace(id))!;
    expect(after).toMatchObject({
      timeZone: "Europe/Madrid",
      latitude: 40.4722,
      slug: before.slug,
      nameEs: before.nameEs,
    });
    const [entry] = await auditOf("location", id);
    expect(entry).toMatchObject({
      action: "location.update",
      changes: { timeZone: ["America/Caracas", "Europe/Madrid"], latitude: [8.5822, 40.4722] },
    });
    expect((await getLocations()).find((l) => l.id === id)?.timeZone).toBe("Europe/Madrid");

    // Saving the same values again changes nothing and records nothing.
    expect(await updatePlace(admin, id, { ...after })).toBe("updated");
    expect(await auditOf("location", id)).toHaveLength(2);
    expect(await updatePlace(admin, 2_000_000_000, place())).toBe("notFound");
  });

  it("saves a place's opening hours, closed dates and out-of-hours fee, audited, and the catalogue reads them", async () => {
    const { id } = await createPlace(admin, place());
    const db = await getDb();
    await createCar(db, { supplierId: (await insertSupplier(db)).id, locationIds: [id] });
    const before = (await loadPlace(id))!;
    const openingHours = {
      mon: { open: "08:00", close: "18:00" },
      tue: { open: "08:00", close: "18:00" },
      wed: { open: "08:00", close: "18:00" },
      thu: { open: "08:00", close: "18:00" },
      fri: { open: "08:00", close: "18:00" },
      sat: { open: "09:00", close: "13:00" },
      sun: null,
    };
    const hours = { openingHours, closedDates: ["2027-12-24", "2027-12-25"], outOfHoursFeeCents: 2500 };
    expect(await updatePlace(admin, id, { ...before, ...hours })).toBe("updated");
    expect(await loadPlace(id)).toMatchObject(hours);
    const [entry] = await auditOf("location", id);
    expect(entry).toMatchObject({
      action: "location.update",
      changes: {
        openingHours: [null, openingHours],
        closedDates: [[], hours.closedDates],
        outOfHoursFeeCents: [null, 2500],
      },
    });
    expect((await getLocations()).find((l) => l.id === id)?.hours).toEqual({
      week: openingHours,
      closedDates: hours.closedDates,
      outOfHoursFeeCents: 2500,
    });
  });

  it("lists places with the live cars serving each, 30 a page", async () => {
    const db = await getDb();
    const { id } = await createPlace(admin, place());
    const supplier = await insertSupplier(db);
    await createCar(db, { supplierId: supplier.id, locationIds: [id] });
    await createCar(db, { supplierId: supplier.id, locationIds: [id], status: "deleted" });
    const row = await findListed((page) => listPlaces("en", page), id);
    expect(row).toMatchObject({ kind: "airport", cars: 1, timeZone: "America/Caracas" });
    const first = await listPlaces("en", "1");
    expect(first.rows.length).toBeLessThanOrEqual(30);
    // A page past the end, or no number at all, is clamped.
    expect((await listPlaces("en", "9999")).page).toBe(first.pages);
    expect((await listPlaces("en", "abc")).page).toBe(1);
  });

  it("refuses to delete a place a live car serves or a booking refers to, and deletes it once neither holds", async () => {
    const db = await getDb();
    const { id } = await createPlace(admin, place());
    const supplier = await insertSupplier(db);
    const car = await createCar(db, { supplierId: supplier.id, locationIds: [id] });

    expect(await deletePlace(admin, id)).toEqual({ status: "inUse", cars: 1, bookings: 0 });

    const other = await createLocation(db);
    const driver = await createUser(db);
    const booking = await createBooking(db, {
      carId: car.id,
      supplierId: supplier.id,
      driverId: driver.id,
      locationId: other.id,
      dropoffLocationId: id,
      startsAt: new Date(Date.now() + 30 * DAY),
      endsAt: new Date(Date.now() + 32 * DAY),
    });
    // A deleted car no longer serves the place, but the booking still ends there.
    await db.update(schema.cars).set({ status: "deleted" }).where(eq(schema.cars.id, car.id));
    expect(await placeUsage(id)).toEqual({ cars: 0, bookings: 1 });
    expect(await deletePlace(admin, id)).toEqual({ status: "inUse", cars: 0, bookings: 1 });
    expect(await loadPlace(id)).not.toBeNull();

    await db.update(schema.bookings).set({ dropoffLocationId: other.id }).where(eq(schema.bookings.id, booking.id));
    expect(await deletePlace(admin, id)).toEqual({ status: "deleted" });
    expect(await loadPlace(id)).toBeNull();
    // The deleted car's link went with the place.
    expect(await db.select().from(carLocations).where(eq(carLocations.locationId, id))).toEqual([]);
    const [entry] = await auditOf("location", id);
    expect(entry.action).toBe("location.delete");
    expect(entry.changes).toMatchObject({ address: ["Av. Urdaneta, Mérida", null] });
    expect(await deletePlace(admin, id)).toEqual({ status: "notFound" });
  });
});
