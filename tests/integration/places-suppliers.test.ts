import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carIsBookableFor } from "~/modules/availability/availability.server";
import type { StaffUser } from "~/modules/access/staff.server";
import { noFilters } from "~/modules/catalogue/filters";
import { forgetReferenceData, getLocations, getSuppliers } from "~/modules/catalogue/reference.server";
import { searchCars } from "~/modules/catalogue/search.server";
import { keyFromMediaPath } from "~/modules/images/media-url";
import type { PlaceColumns } from "~/modules/places/place-form";
import {
  createPlace,
  deletePlace,
  listPlaces,
  loadPlace,
  placeUsage,
  updatePlace,
} from "~/modules/places/places.server";
import {
  createSupplier,
  inviteStaff,
  listStaff,
  listSuppliers,
  loadSupplier,
  processLogo,
  removeStaff,
  updateSupplier,
  type SupplierValues,
} from "~/modules/suppliers/suppliers.server";
import { activateWithPassword } from "~/modules/user/activation.server";
import { verifyCredentials } from "~/modules/user/auth.server";
import { rentalDays } from "~/modules/pricing/pricing";
import { getDb, schema } from "~/utils/db.server";
import { createUserSession, findSessionUser } from "~/utils/session.server";
import { sessionCookie } from "~/utils/cookies.server";
import { closeDb } from "../../db/client";
import {
  createBooking,
  createCar,
  createLocation,
  createSupplier as insertSupplier,
  createUser,
  outboxTokens,
} from "../factories";

/*
 * The places and suppliers services of the back office against the real database. Every test
 * makes its own rows (unique names and addresses), so it reads the same whatever else is there.
 */
const { auditLog, carLocations, images, users, sessions } = schema;
const DAY = 24 * 3_600_000;

let admin: StaffUser;
const tag = () => crypto.randomBytes(4).toString("hex");

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

const supplierValues = (overrides: Partial<SupplierValues> = {}): SupplierValues => ({
  name: `Sierra Rentals ${tag()}`,
  email: `reservas-${tag()}@sierra.example`,
  phone: "+584141112233",
  whatsapp: null,
  rif: null,
  fiscalAddress: null,
  payLater: true,
  active: true,
  ...overrides,
});

async function auditOf(subjectType: string, subjectId: number) {
  const db = await getDb();
  return db
    .select({
      action: auditLog.action,
      actorId: auditLog.actorId,
      supplierId: auditLog.supplierId,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, subjectId)))
    .orderBy(desc(auditLog.id));
}

/** A logo as the form uploads it: a PNG of noise (bytes no other test has), `width`×`height`. */
async function logoUpload(width = 240, height = 80) {
  const png = await sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  const processed = await processLogo(png);
  if (!processed.ok) throw new Error(`logo refused: ${processed.reason}`);
  return processed.webp;
}

/** The row with this id on whichever page of a list it falls (other tests' rows share the tables). */
async function findListed<T extends { id: number }>(
  list: (page: string) => Promise<{ rows: T[]; pages: number }>,
  id: number,
): Promise<T | undefined> {
  for (let page = 1; ; page++) {
    const { rows, pages } = await list(String(page));
    const row = rows.find((r) => r.id === id);
    if (row || page >= pages) return row;
  }
}

async function isStored(path: string | null) {
  const key = path ? keyFromMediaPath(path) : null;
  if (!key) return false;
  const db = await getDb();
  return (await db.select({ key: images.key }).from(images).where(eq(images.key, key))).length === 1;
}

beforeAll(async () => {
  const db = await getDb();
  const row = await createUser(db, { type: "admin" });
  admin = { ...row, type: "admin", unreadNotifications: 0 } as StaffUser;
});
afterAll(async () => {
  await closeDb();
});

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

describe("suppliers", () => {
  it("creates a supplier with its logo stored as a 60×30 WebP in the same transaction, audited", async () => {
    const values = supplierValues();
    const logo = await logoUpload();
    const { id } = await createSupplier(admin, values, logo);
    const supplier = (await loadSupplier(admin, id))!;
    expect(supplier).toMatchObject({
      ...values,
      slug: expect.stringMatching(/^sierra-rentals-[0-9a-f]{8}$/),
      logo: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.webp$/),
    });
    const db = await getDb();
    const [image] = await db
      .select()
      .from(images)
      .where(eq(images.key, keyFromMediaPath(supplier.logo!)!));
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: "webp", width: 60, height: 30 });
    const [entry] = await auditOf("supplier", id);
    expect(entry).toMatchObject({
      action: "supplier.create",
      supplierId: id,
      changes: { name: [null, values.name], logo: [null, supplier.logo] },
    });
  });

  it("lists suppliers with their live cars and active staff", async () => {
    const db = await getDb();
    const { id } = await createSupplier(admin, supplierValues(), null);
    await createCar(db, { supplierId: id });
    await createCar(db, { supplierId: id });
    await createCar(db, { supplierId: id, status: "deleted" });
    await createUser(db, { type: "supplier", supplierId: id });
    await createUser(db, { type: "supplier", supplierId: id, status: "deleted" });
    expect(await findListed((page) => listSuppliers(admin, page), id)).toMatchObject({
      cars: 2,
      staff: 1,
      active: true,
    });
    expect((await loadSupplier(admin, id))!.cars).toBe(2);
  });

  it("refuses what is not a picture, and a picture too big to decode safely", async () => {
    expect(await processLogo(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toEqual({
      ok: false,
      reason: "notImage",
    });
    expect(await processLogo(new Uint8Array())).toEqual({ ok: false, reason: "empty" });
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(await processLogo(bomb)).toEqual({ ok: false, reason: "tooManyPixels" });
  });

  it("replacing the logo deletes the old picture; saving without a new one keeps it", async () => {
    const { id } = await createSupplier(admin, supplierValues(), await logoUpload());
    const oldLogo = (await loadSupplier(admin, id))!.logo;
    const values = { ...supplierValues(), payLater: false };
    expect(await updateSupplier(admin, id, values, await logoUpload(300, 100))).toBe("updated");
    const newLogo = (await loadSupplier(admin, id))!.logo;
    expect(newLogo).not.toBe(oldLogo);
    expect(await isStored(newLogo)).toBe(true);
    expect(await isStored(oldLogo)).toBe(false);
    const [entry] = await auditOf("supplier", id);
    expect(entry).toMatchObject({
      action: "supplier.update",
      changes: { logo: [oldLogo, newLogo], payLater: [true, false] },
    });

    expect(await updateSupplier(admin, id, { ...values, name: `${values.name} C.A.` }, null)).toBe("updated");
    expect((await loadSupplier(admin, id))!.logo).toBe(newLogo);
    expect(await updateSupplier(admin, 2_000_000_000, values, null)).toBe("notFound");
  });

  it("deactivating hides its cars from the search, checkout's availability and the supplier list; reactivating brings them back", async () => {
    const db = await getDb();
    const location = await createLocation(db);
    const values = supplierValues();
    const { id } = await createSupplier(admin, values, null);
    const car = await createCar(db, { supplierId: id, locationIds: [location.id] });
    const pickUp = new Date(Math.floor((Date.now() + 20 * DAY) / DAY) * DAY + 14 * 3_600_000);
    const dropOff = new Date(pickUp.getTime() + 3 * DAY);
    const visible = async () => {
      const { cars } = await searchCars({
        pickupId: location.id,
        dropoffId: location.id,
        period: { from: "", to: "", pickUp, dropOff, days: rentalDays(pickUp, dropOff) },
        timeZone: "America/Caracas",
        filters: noFilters,
        sort: "total",
        page: 1,
      });
      return {
        search: cars.some((c) => c.id === car.id),
        checkout: await carIsBookableFor({ carId: car.id, locationId: location.id, pickUp, dropOff, now: null }),
        list: (await getSuppliers()).some((s) => s.id === id),
      };
    };
    expect(await visible()).toEqual({ search: true, checkout: true, list: true });
    // The public suppliers page counts its car and starts its search where the car is.
    expect((await getSuppliers()).find((s) => s.id === id)).toMatchObject({ carCount: 1, mainLocationId: location.id });

    expect(await updateSupplier(admin, id, { ...values, active: false }, null)).toBe("updated");
    expect(await visible()).toEqual({ search: false, checkout: false, list: false });
    const [entry] = await auditOf("supplier", id);
    expect(entry).toMatchObject({ action: "supplier.deactivate", changes: { active: [true, false] } });

    expect(await updateSupplier(admin, id, values, null)).toBe("updated");
    expect(await visible()).toEqual({ search: true, checkout: true, list: true });
    expect((await auditOf("supplier", id))[0].action).toBe("supplier.activate");
  });
});

describe("staff accounts", () => {
  it("an invitation makes a supplier account without a password, emailed an invitation with its activation link through which the person chooses one", async () => {
    const { id: supplierId } = await createSupplier(admin, supplierValues(), null);
    const email = `ana-${tag()}@sierra.example`;
    const outcome = await inviteStaff(admin, supplierId, { fullName: "Ana Pérez", email, language: "en" });
    expect(outcome.status).toBe("invited");
    const userId = outcome.status === "invited" ? outcome.userId : 0;
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      email,
      type: "supplier",
      supplierId,
      activated: false,
      passwordHash: null,
      language: "en",
      status: "active",
    });
    expect(await listStaff(supplierId)).toEqual([{ id: userId, fullName: "Ana Pérez", email, activated: false }]);
    const [entry] = await auditOf("user", userId);
    expect(entry).toMatchObject({ action: "supplier.staffInvite", supplierId, actorId: admin.id });

    const token = (await outboxTokens(db, email, "staff-invitation")).at(-1);
    expect(token).toBeDefined();
    expect(await activateWithPassword(token, "staff-pass1")).toEqual({ status: "activated", userId });
    expect(await verifyCredentials(email, "staff-pass1")).toMatchObject({ id: userId });
    expect(await listStaff(supplierId)).toEqual([{ id: userId, fullName: "Ana Pérez", email, activated: true }]);
  });

  it("refuses an address that already has an account, and a supplier that does not exist", async () => {
    const db = await getDb();
    const { id: supplierId } = await createSupplier(admin, supplierValues(), null);
    const driver = await createUser(db);
    expect(await inviteStaff(admin, supplierId, { fullName: "Driver", email: driver.email, language: "es" })).toEqual({
      status: "emailTaken",
    });
    const [unchanged] = await db
      .select({ type: users.type, supplierId: users.supplierId })
      .from(users)
      .where(eq(users.id, driver.id));
    expect(unchanged).toEqual({ type: "user", supplierId: null });
    expect(
      await inviteStaff(admin, 2_000_000_000, { fullName: "Nobody", email: `n-${tag()}@x.example`, language: "es" }),
    ).toEqual({ status: "notFound" });
  });

  it("removing a staff account signs it out everywhere and cancels its links; inviting the address again brings it back", async () => {
    const db = await getDb();
    const { id: supplierId } = await createSupplier(admin, supplierValues(), null);
    const { id: otherSupplierId } = await createSupplier(admin, supplierValues(), null);
    const email = `luis-${tag()}@sierra.example`;
    const invited = await inviteStaff(admin, supplierId, { fullName: "Luis", email, language: "es" });
    const userId = invited.status === "invited" ? invited.userId : 0;
    const token = (await outboxTokens(db, email, "staff-invitation")).at(-1)!;
    await activateWithPassword(token, "staff-pass1");
    const sessionId = await sessionCookie.parse((await createUserSession(userId, true)).split(";")[0]);
    expect(await findSessionUser(sessionId)).toMatchObject({ id: userId, type: "supplier", supplierId });

    // Only through its own supplier.
    expect(await removeStaff(admin, otherSupplierId, userId)).toBe("notFound");
    expect(await removeStaff(admin, supplierId, userId)).toBe("removed");
    expect(await findSessionUser(sessionId)).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(await listStaff(supplierId)).toEqual([]);
    await expect(verifyCredentials(email, "staff-pass1")).rejects.toThrow();
    expect((await auditOf("user", userId))[0]).toMatchObject({ action: "supplier.staffRemove", supplierId });
    expect(await removeStaff(admin, supplierId, userId)).toBe("notFound");

    const again = await inviteStaff(admin, otherSupplierId, { fullName: "Luis Again", email, language: "fr" });
    expect(again).toEqual({ status: "invited", userId });
    const [revived] = await db.select().from(users).where(eq(users.id, userId));
    expect(revived).toMatchObject({
      status: "active",
      supplierId: otherSupplierId,
      activated: false,
      passwordHash: null,
      fullName: "Luis Again",
    });
  });
});
