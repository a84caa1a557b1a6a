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
  inviteStaff,
  listStaff,
  removeStaff,
} from "~/modules/suppliers/suppliers.server";
import { rentalDays } from "~/modules/pricing/pricing";
import { getDb, schema } from "~/utils/db.server";
import { createCar, createLocation, createUser, outboxTokens } from "../factories";
import { DAY, admin, supplierValues, auditOf, findListed, backOfficeHooks, tag } from "./fixtures/back-office";
import { activateWithPassword } from "~/modules/user/activation.server";
import { verifyCredentials } from "~/modules/user/auth.server";
import { createUserSession, findSessionUser } from "~/utils/session.server";
import { sessionCookie } from "~/utils/cookies.server";

/*
 * The suppliers service of the back office against the real database: the logo, the lists, and
 * deactivation; and supplier staff accounts: the invitation, and removal signing the account out.
 * Every test makes its own rows, so it reads the same whatever else is there.
 */

const { images, sessions, users } = schema;

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
