import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { carIsBookableFor } from "~/modules/availability/availability.server";
import { noFilters } from "~/modules/catalogue/filters";
import { getSuppliers } from "~/modules/catalogue/reference.server";
import { searchCars } from "~/modules/catalogue/search.server";
import { keyFromMediaPath } from "~/modules/images/media-url";
import {
  createSupplier,
  listSuppliers,
  loadSupplier,
  processLogo,
  updateSupplier,
} from "~/modules/suppliers/suppliers.server";
import { rentalDays } from "~/modules/pricing/pricing";
import { getDb, schema } from "~/utils/db.server";
import { createCar, createLocation, createUser } from "../factories";
import { DAY, admin, supplierValues, auditOf, findListed, backOfficeHooks } from "./fixtures/back-office";

/*
 * The suppliers service of the back office against the real database: the logo, the lists, and
 * deactivation. Every test makes its own rows, so it reads the same whatever else is there.
 */
const { images } = schema;

backOfficeHooks();

/** A logo as the form uploads it: a PNG of noise (bytes no other test has), `width`×`height`. */
async function logoUpload(width = 240, height = 80) {
  const png = await sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  const processed = await processLogo(png);
  if (!processed.ok) throw new Error(`logo refused: ${processed.reason}`);
  return processed.webp;
}

async function isStored(path: string | null) {
  const key = path ? keyFromMediaPath(path) : null;
  if (!key) return false;
  const db = await getDb();
  return (await db.select({ key: images.key }).from(images).where(eq(images.key, key))).length === 1;
}

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
