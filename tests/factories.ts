import { eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import * as s from "../db/schema";
import { banks as bankRows, nothingBilled } from "../db/seed-data";

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}`;

/** Empties every table between integration tests (identities restart too). */
export async function resetDatabase(db: Executor) {
  await db.execute(sql`
    truncate table payments, notifications, bookings, car_locations, cars, contact_messages, tokens, sessions,
      users, suppliers, locations, outbox, settings, banks, images restart identity cascade`);
}

/**
 * The operator's payment settings as an admin saves them (pago móvil configured, so it is
 * offered), with the list of Venezuelan banks a transfer may come from and a Bs/USD rate dated
 * 2026-11-20, which carries over to every later day (docs/domain.md#exchange-rate).
 */
export async function createPaymentSettings(db: Executor, values: Partial<typeof s.settings.$inferInsert> = {}) {
  await db.insert(s.banks).values(bankRows).onConflictDoNothing();
  await db.insert(s.exchangeRates).values({ usdToBsRate: "36.5000", rateDate: "2026-11-20", source: "BCV" });
  await db.insert(s.settings).values({
    mobilePaymentBankCode: "0102",
    mobilePaymentPhone: "04141234567",
    mobilePaymentRif: "J123456784",
    mobilePaymentHolder: "Rueda Alquileres C.A.",
    ...values,
  });
}

export async function createSupplier(db: Executor, values: Partial<typeof s.suppliers.$inferInsert> = {}) {
  const slug = unique("supplier");
  const [row] = await db
    .insert(s.suppliers)
    .values({ name: slug, slug, ...values })
    .returning();
  return row;
}

export async function createLocation(db: Executor, values: Partial<typeof s.locations.$inferInsert> = {}) {
  const slug = unique("location");
  const [row] = await db
    .insert(s.locations)
    .values({
      slug,
      nameEs: slug,
      nameEn: slug,
      nameFr: slug,
      nameEl: slug,
      address: "Av. Bolívar",
      latitude: 10.5,
      longitude: -66.9,
      ...values,
    })
    .returning();
  return row;
}

/** Maiquetía's airport, named in every language, on Caracas's clock: for tests that read a place's name or time. */
export const createMaiquetia = (db: Executor, values: Partial<typeof s.locations.$inferInsert> = {}) =>
  createLocation(db, {
    nameEs: "Aeropuerto de Maiquetía",
    nameEn: "Maiquetía Airport",
    nameFr: "Aéroport de Maiquetía",
    nameEl: "Αεροδρόμιο Μαϊκετία",
    timeZone: "America/Caracas",
    ...values,
  });

export async function createCar(
  db: Executor,
  values: Partial<typeof s.cars.$inferInsert> & { supplierId: number; locationIds?: number[] },
) {
  const { locationIds = [], ...carValues } = values;
  const [car] = await db
    .insert(s.cars)
    .values({
      name: unique("car"),
      dailyPriceCents: 5000,
      seats: 5,
      doors: 4,
      fuelType: "gasoline",
      gearbox: "manual",
      fuelPolicy: "likeForlike",
      ...carValues,
    })
    .returning();
  if (locationIds.length)
    await db.insert(s.carLocations).values(locationIds.map((locationId) => ({ locationId, carId: car.id })));
  return car;
}

export async function createUser(db: Executor, values: Partial<typeof s.users.$inferInsert> = {}) {
  const [row] = await db
    .insert(s.users)
    .values({ email: `${unique("user")}@example.com`, fullName: "Test Person", activated: true, ...values })
    .returning();
  return row;
}

export async function createBooking(
  db: Executor,
  values: Partial<typeof s.bookings.$inferInsert> & {
    carId: number;
    supplierId: number;
    driverId: number;
    locationId: number;
    startsAt: Date;
    endsAt: Date;
  },
) {
  const { locationId, ...rest } = values;
  const days = Math.max(1, Math.ceil((values.endsAt.getTime() - values.startsAt.getTime()) / 86_400_000));
  const [row] = await db
    .insert(s.bookings)
    .values({
      reference: `T${(Date.now() % 1e8).toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      pickupLocationId: locationId,
      dropoffLocationId: locationId,
      status: "pending",
      days,
      priceCents: 5000 * days,
      breakdown: {
        days,
        dailyPriceCents: 5000,
        options: {},
        subtotalCents: 5000 * days,
        payLaterFeePercent: 0,
        totalCents: 5000 * days,
      },
      paymentMethod: "payLater",
      ...rest,
    })
    .returning();
  return row;
}

/**
 * A booking of a car of a supplier of its own at Maiquetía (`createMaiquetia`), made by a driver born
 * in 1990: the set-up of tests that act on one booking; `values` say when it runs, and anything else.
 */
export async function createBookedCar(
  db: Executor,
  values: Partial<typeof s.bookings.$inferInsert> & { startsAt: Date; endsAt: Date },
) {
  const place = await createMaiquetia(db);
  const supplier = await createSupplier(db);
  const car = await createCar(db, { supplierId: supplier.id, locationIds: [place.id] });
  const driver = await createUser(db, { birthDate: "1990-01-01" });
  const booking = await createBooking(db, {
    carId: car.id,
    supplierId: supplier.id,
    driverId: driver.id,
    locationId: place.id,
    ...values,
  });
  return { place, supplier, car, driver, booking };
}

/** A stored bill of nothing owed, for a rental written back straight into the table. */
export const noBill = nothingBilled(100);

/** The tokens in the links of the email jobs of `template` sent to `to`, oldest first. */
export async function outboxTokens(db: Executor, to: string, template: string): Promise<string[]> {
  const rows = await db.select().from(s.outbox).orderBy(s.outbox.id);
  // Jobs hold the rendered email; its plain-text part carries the link.
  return rows
    .map((r) => r.payload as { template: string; to: string[]; text: string })
    .filter((p) => p.template === template && p.to.includes(to))
    .flatMap((p) => p.text.match(/[?&]token=([\w-]{43})/)?.[1] ?? []);
}

/** The emails of `template` in the outbox (rendered when enqueued), oldest first, each with its job id. */
export async function outboxEmails(db: Executor, template: string) {
  const rows = await db.select().from(s.outbox).where(eq(s.outbox.jobName, "send-email")).orderBy(s.outbox.id);
  return rows
    .map((r) => ({
      jobId: r.jobId,
      ...(r.payload as {
        template: string;
        to: string[];
        language: string;
        subject: string;
        text: string;
        html: string;
      }),
    }))
    .filter((e) => e.template === template);
}
