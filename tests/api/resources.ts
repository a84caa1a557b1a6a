import { eq } from "drizzle-orm";
import { addLocalDays, instantToLocal, localToInstant } from "~/modules/time/zoned-time";
import { notify } from "~/modules/notification/notify.server";
import { getDb, schema } from "~/utils/db.server";
import { createBooking, createCar, createLocation, createSupplier, noBill } from "../factories";

/*
 * What the API resource tests book against: a place, a supplier that takes pay later, a car with
 * priced options, the pago móvil settings and the Venezuelan bank they name. Each call of
 * `nextPeriod` gives a rental that overlaps no other, so tests never take each other's car. With
 * them, what books it (the API's body, the checkout page's query) and the booking read back.
 */

export const ZONE = "America/Caracas";
const DAY = 86_400_000;

export type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;

export async function seedCatalogue() {
  const db = await getDb();
  const location = await createLocation(db, { timeZone: ZONE });
  const otherLocation = await createLocation(db, { timeZone: ZONE });
  const supplier = await createSupplier(db, { payLater: true });
  const car = await createCar(db, {
    supplierId: supplier.id,
    locationIds: [location.id, otherLocation.id],
    dailyPriceCents: 4000,
    payLaterFeePercent: 10,
    cancellationCents: 1500,
    gpsCents: 500,
    additionalDriverCents: 700,
    minimumAge: 21,
  });
  await db.insert(schema.banks).values({ code: "0102", name: "Banco de Venezuela" }).onConflictDoNothing();
  await db.insert(schema.exchangeRates).values({ usdToBsRate: "40.0000", rateDate: "2026-01-01", source: "BCV" });
  const paymentSettings = {
    mobilePaymentBankCode: "0102",
    mobilePaymentPhone: "04141234567",
    mobilePaymentRif: "J-12345678-4",
    mobilePaymentHolder: "Rueda",
    cardPaymentsEnabled: true,
  };
  await db
    .insert(schema.settings)
    .values(paymentSettings)
    .onConflictDoUpdate({ target: schema.settings.id, set: paymentSettings });
  return { location, otherLocation, supplier, car };
}

let slot = 0;

/** A fresh period on the place's clock, some weeks ahead, 3 days long, overlapping no other period given. */
export function nextPeriod(): { from: string; to: string; pickUp: Date; dropOff: Date } {
  const today = instantToLocal(new Date(), ZONE).slice(0, 10);
  const from = addLocalDays(`${today}T10:00`, 30 + 5 * slot++);
  const to = addLocalDays(from, 3);
  return { from, to, pickUp: localToInstant(from, ZONE)!, dropOff: localToInstant(to, ZONE)! };
}

/** A booking of the catalogue's car for `driverId` in a fresh period (pay later, pending, unless `values` say otherwise). */
export async function bookingFor(
  catalogue: Catalogue,
  driverId: number,
  values: Partial<typeof schema.bookings.$inferInsert> = {},
) {
  const db = await getDb();
  const { pickUp, dropOff } = nextPeriod();
  return createBooking(db, {
    carId: catalogue.car.id,
    supplierId: catalogue.supplier.id,
    driverId,
    locationId: catalogue.location.id,
    startsAt: pickUp,
    endsAt: dropOff,
    createdAt: new Date(Date.now() - DAY),
    ...values,
  });
}

/**
 * A rental of a car of its own (of `supplierId`, the catalogue's supplier unless given) for
 * `driverId`, picked up three days before `returnedAt` and returned then at the counter; still out
 * when `returnedAt` is null: what a review is written about (docs/domain.md#reviews).
 */
export async function rentalFor(
  catalogue: Catalogue,
  driverId: number,
  returnedAt: Date | null,
  supplierId = catalogue.supplier.id,
) {
  const db = await getDb();
  const car = await createCar(db, { supplierId, locationIds: [catalogue.location.id] });
  const pickedUpAt = new Date((returnedAt ?? new Date()).getTime() - 3 * DAY);
  const booking = await createBooking(db, {
    carId: car.id,
    supplierId,
    driverId,
    locationId: catalogue.location.id,
    startsAt: pickedUpAt,
    endsAt: new Date(pickedUpAt.getTime() + 3 * DAY),
    status: "paid",
  });
  await db.insert(schema.rentals).values({
    bookingId: booking.id,
    pickedUpAt,
    odometerOutKm: 1000,
    fuelOutEighths: 8,
    depositCents: 0,
    signerName: "Daniela Conductora",
    signedAt: pickedUpAt,
    language: "en",
    ...(returnedAt
      ? { state: "returned" as const, returnedAt, odometerInKm: 1100, fuelInEighths: 8, finalBill: noBill }
      : {}),
  });
  return booking;
}

/**
 * A body for POST /api/bookings: the catalogue's car from its place and back, in a fresh period,
 * paid later; `extra` adds to it or overrides (a visitor's `driver`, another method).
 */
export function checkoutBody<Extra extends object>(catalogue: Catalogue, extra: Extra = {} as Extra) {
  const { from, to } = nextPeriod();
  const place = catalogue.location.id;
  return {
    carId: catalogue.car.id,
    pickupLocationId: place,
    dropoffLocationId: place,
    from,
    to,
    options: [],
    paymentMethod: "payLater",
    ...extra,
  };
}

/** The checkout page's query for the catalogue's car from its place and back, from `from` to `to`. */
export function checkoutQuery(catalogue: Catalogue, { from, to }: { from: string; to: string }) {
  const place = String(catalogue.location.id);
  return new URLSearchParams({ car: String(catalogue.car.id), pickup: place, dropoff: place, from, to });
}

/** The booking's row as stored. */
export async function bookingRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(schema.bookings).where(eq(schema.bookings.id, id));
  return row;
}

/** One notification for `userId`, about `bookingId`. */
export async function notificationFor(userId: number, bookingId: number | null = null): Promise<number> {
  const db = await getDb();
  const [id] = await notify(db, [
    {
      userId,
      bookingId,
      messageKey: "notifications:messages.statusChanged",
      params: { reference: "RD-TEST01", status: "paid" },
    },
  ]);
  return id;
}

/** Today as the banks date a transfer (Caracas). */
export const transferDate = () => instantToLocal(new Date(), ZONE).slice(0, 10);

let txCounter = 0;
/** A transaction id no other test used: 64 hex digits. */
export const freshTxId = () =>
  `${Date.now().toString(16)}${(++txCounter).toString(16).padStart(6, "0")}`.padEnd(64, "a");

let referenceCounter = 0;
/** A pago móvil reference no other test used. */
export const freshTransferReference = () => `${(Date.now() % 1e9).toString()}${++referenceCounter}`.slice(-12);
