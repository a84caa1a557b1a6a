import { aliasedTable, and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import { carIsBookableFor } from "~/modules/availability/availability.server";
import { instantToLocal, localToInstant } from "~/modules/time/zoned-time";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { isLanguage, defaultLanguage, type Language } from "~/modules/i18n/languages";
import {
  optionKeys,
  optionPrices,
  priceRental,
  rentalDays,
  UnavailableOptionError,
  type OptionKey,
} from "~/modules/pricing/pricing";
import { bookingStaff, notify } from "~/modules/notification/notify.server";
import { getDb, schema, type Executor, type Transaction } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { bookingScope, isStaff } from "~/modules/access/booking-scope.server";
import { AMENDMENT_REQUEST_MAX } from "./amend-schema";
import { driverOldEnough, periodIsValid, requiredDriverAge } from "./checkout-rules";
import { canAmend, canRequestAmendment, cancelKind } from "./eligibility";
import { moveBooking, paidCentsColumn, paidCentsOf, type MoveRefusal } from "./move.server";
import type { BookingStatus } from "./status";
import { EXCLUSION_VIOLATION, sqlState } from "~/utils/postgres.server";

const { bookings, bookingEvents, cars, payments, suppliers, locations, users } = schema;

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

export type BookingFilters = {
  status: BookingStatus | null;
  from: Date | null;
  to: Date | null;
  supplierId: number | null;
  /** Part of the reference or of the driver's name or email, any case; empty or null: no search. */
  search?: string | null;
  page: number;
  perPage: number;
};

/** `%…%` for ILIKE with the user's `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** The one WHERE of the bookings list, its count and its CSV export: the caller's scope and the filters. */
function listWhere(user: User, filters: Omit<BookingFilters, "page" | "perPage">): SQL | undefined {
  const conditions: SQL[] = [bookingScope(user)];
  if (filters.status) conditions.push(eq(bookings.status, filters.status));
  // A booking is in the range when its rental overlaps it.
  if (filters.from) conditions.push(gte(bookings.endsAt, filters.from));
  if (filters.to) conditions.push(lt(bookings.startsAt, filters.to));
  if (filters.supplierId && isStaff(user)) conditions.push(eq(bookings.supplierId, filters.supplierId));
  if (filters.search) {
    const pattern = containing(filters.search);
    conditions.push(
      or(ilike(bookings.reference, pattern), ilike(users.fullName, pattern), ilike(users.email, pattern))!,
    );
  }
  return and(...conditions);
}

/** The bookings list (docs/domain.md#limits: `perPage` from bookingsPageSize): one page of `user`'s scope, newest pick-up first, and the total. */
export async function listBookings(user: User, filters: BookingFilters) {
  const db = await getDb();
  const where = listWhere(user, filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: bookings.id,
        reference: bookings.reference,
        status: bookings.status,
        days: bookings.days,
        priceCents: bookings.priceCents,
        dailyPriceCents: cars.dailyPriceCents,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        paymentMethod: bookings.paymentMethod,
        cancelRequest: bookings.cancelRequest,
        driverId: bookings.driverId,
        paidCents: paidCentsColumn,
        car: cars.name,
        supplier: suppliers.name,
        driver: users.fullName,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
      .innerJoin(users, eq(users.id, bookings.driverId))
      .where(where)
      .orderBy(desc(bookings.startsAt), desc(bookings.id))
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
    // The driver's columns take part in the text search.
    db.select({ total: count() }).from(bookings).innerJoin(users, eq(users.id, bookings.driverId)).where(where),
  ]);
  return { rows, total, pages: Math.max(1, Math.ceil(total / filters.perPage)) };
}

const exportPickup = aliasedTable(locations, "export_pickup");
const exportDropoff = aliasedTable(locations, "export_dropoff");

/** Rows of the CSV export read at a time (docs/domain.md#bookings-export). */
const EXPORT_BATCH = 500;

type Keyset = { startsAt: Date; id: number };

/** One batch of the export: the list's rows after `after` in the list's order, with the places named in `language`. */
async function exportBatch(where: SQL | undefined, language: Language, after: Keyset | null) {
  const db = await getDb();
  const name = (place: typeof exportPickup) =>
    ({ es: place.nameEs, en: place.nameEn, fr: place.nameFr, el: place.nameEl })[language];
  return db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      days: bookings.days,
      priceCents: bookings.priceCents,
      paymentMethod: bookings.paymentMethod,
      car: cars.name,
      supplier: suppliers.name,
      driver: users.fullName,
      driverEmail: users.email,
      pickupPlace: name(exportPickup),
      pickupTimeZone: exportPickup.timeZone,
      dropoffPlace: name(exportDropoff),
      dropoffTimeZone: exportDropoff.timeZone,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .innerJoin(exportPickup, eq(exportPickup.id, bookings.pickupLocationId))
    .innerJoin(exportDropoff, eq(exportDropoff.id, bookings.dropoffLocationId))
    .where(
      after
        ? and(
            where,
            or(
              lt(bookings.startsAt, after.startsAt),
              and(eq(bookings.startsAt, after.startsAt), lt(bookings.id, after.id)),
            ),
          )
        : where,
    )
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(EXPORT_BATCH);
}

export type ExportedBooking = Awaited<ReturnType<typeof exportBatch>>[number];

/**
 * Every booking of the list with its filters, in the list's order, for the CSV export
 * (docs/domain.md#bookings-export): a batch at a time, each continuing after the last row of
 * the one before (keyset), so a long export neither holds the table in memory nor skips or
 * repeats rows when bookings are added meanwhile.
 */
export async function* exportBookings(
  user: User,
  filters: Omit<BookingFilters, "page" | "perPage">,
  language: Language,
): AsyncGenerator<ExportedBooking[]> {
  const where = listWhere(user, filters);
  let after: Keyset | null = null;
  for (;;) {
    const rows = await exportBatch(where, language, after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    after = { startsAt: last.startsAt, id: last.id };
  }
}

/** The suppliers a staff member may filter by: their own, or all for an admin. */
export async function supplierChoices(user: User) {
  if (user.type !== "admin") return [];
  const db = await getDb();
  return db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).orderBy(asc(suppliers.name));
}

const pickup = aliasedTable(locations, "pickup");
const dropoff = aliasedTable(locations, "dropoff");
const actor = aliasedTable(users, "actor");

/** Every detail of one booking in `user`'s scope with its history, or null (missing and out of scope alike). */
export async function bookingDetail(user: User, id: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      booking: bookings,
      paidCents: paidCentsColumn,
      car: {
        id: cars.id,
        name: cars.name,
        dailyPriceCents: cars.dailyPriceCents,
        cancellationCents: cars.cancellationCents,
      },
      supplier: { id: suppliers.id, name: suppliers.name },
      pickup: {
        id: pickup.id,
        nameEs: pickup.nameEs,
        nameEn: pickup.nameEn,
        nameFr: pickup.nameFr,
        nameEl: pickup.nameEl,
        address: pickup.address,
        timeZone: pickup.timeZone,
      },
      dropoff: {
        id: dropoff.id,
        nameEs: dropoff.nameEs,
        nameEn: dropoff.nameEn,
        nameFr: dropoff.nameFr,
        nameEl: dropoff.nameEl,
        address: dropoff.address,
        timeZone: dropoff.timeZone,
      },
      driver: { id: users.id, fullName: users.fullName, email: users.email, phone: users.phone },
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
    .innerJoin(pickup, eq(pickup.id, bookings.pickupLocationId))
    .innerJoin(dropoff, eq(dropoff.id, bookings.dropoffLocationId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(and(eq(bookings.id, id), bookingScope(user)));
  if (!row) return null;
  const history = await db
    .select({
      id: bookingEvents.id,
      at: bookingEvents.at,
      fromStatus: bookingEvents.fromStatus,
      toStatus: bookingEvents.toStatus,
      note: bookingEvents.note,
      actor: actor.fullName,
    })
    .from(bookingEvents)
    .leftJoin(actor, eq(actor.id, bookingEvents.actorId))
    .where(eq(bookingEvents.bookingId, id))
    .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
  return { ...row, history };
}

/** The booking row in scope, locked for the caller's transaction, or undefined. */
async function lockInScope(tx: Executor, user: User, id: number) {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), bookingScope(user)))
    .for("update");
  return row;
}

/** `balanceDue`: `paid` asked for while the booking's succeeded payments do not cover its price. */
export type ChangeResult =
  { ok: true; status: BookingStatus } | { ok: false; reason: "notFound" | "refused" | "balanceDue" };

/**
 * Tells a booking's driver about it: a notification, and an email in their language when they
 * take email notifications (docs/domain.md#booking-status), in the caller's transaction.
 */
async function tellDriver(
  tx: Executor,
  booking: Pick<typeof bookings.$inferSelect, "id" | "driverId">,
  message: {
    messageKey: `notifications:messages.${string}`;
    template: "booking-status-changed" | "booking-cancel-declined";
    params: Record<string, string>;
  },
  /** The email's job id; by default one per notification. */
  jobId?: string,
) {
  const [notificationId] = await notify(tx, [
    { userId: booking.driverId, bookingId: booking.id, messageKey: message.messageKey, params: message.params },
  ]);
  const [driver] = await tx
    .select({
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      enableEmailNotifications: users.enableEmailNotifications,
    })
    .from(users)
    .where(eq(users.id, booking.driverId));
  if (!driver?.enableEmailNotifications) return;
  await enqueueEmail(
    tx,
    {
      template: message.template,
      to: [driver.email],
      language: isLanguage(driver.language) ? driver.language : defaultLanguage,
      data: { fullName: driver.fullName, ...message.params },
    },
    jobId ?? `${message.template}-${notificationId}`,
  );
}

/**
 * A person moves one booking to `to` through the status door (move.server.ts checks the table,
 * the actor's preconditions, writes history and — for staff — the audit row), then the driver
 * is notified and (when they take email notifications) emailed in their language, all in the
 * caller's transaction (docs/domain.md#booking-status).
 */
async function transition(
  tx: Transaction,
  user: User,
  booking: typeof bookings.$inferSelect,
  to: BookingStatus,
  note: string | null = null,
): Promise<ChangeResult> {
  const mover = isStaff(user)
    ? ({ kind: "staff", userId: user.id } as const)
    : ({ kind: "driver", userId: user.id } as const);
  const moved = await moveBooking(tx, booking, to, mover, { note });
  if (!moved.ok) return { ok: false, reason: refusalOf(moved.reason) };
  await tellDriver(
    tx,
    booking,
    {
      messageKey: "notifications:messages.statusChanged",
      template: "booking-status-changed",
      params: { reference: booking.reference, status: to },
    },
    `booking-status-${moved.eventId}`,
  );
  return { ok: true, status: to };
}

const refusalOf = (reason: MoveRefusal): "refused" | "balanceDue" =>
  reason === "balanceDue" ? "balanceDue" : "refused";

/**
 * A status change asked for by staff on one booking. Drivers never set a status: their one
 * move, cancelling, goes through cancelBooking and its rules (docs/domain.md#cancellation).
 */
export async function changeStatus(user: User, id: number, to: BookingStatus): Promise<ChangeResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, id);
    if (!booking) return { ok: false, reason: "notFound" } as const;
    if (!isStaff(user)) return { ok: false, reason: "refused" } as const;
    return transition(tx, user, booking, to);
  });
}

export type BulkResult = { id: number; reference: string | null; result: ChangeResult };

/** One status change (or soft delete) for each selected booking, each on its own; refused ones are reported, not fatal. */
export async function bulkChangeStatus(user: User, ids: number[], to: BookingStatus): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of [...new Set(ids)]) {
    const db = await getDb();
    const outcome = await db.transaction(async (tx) => {
      const booking = await lockInScope(tx, user, id);
      if (!booking) return { reference: null, result: { ok: false, reason: "notFound" } as ChangeResult };
      if (!isStaff(user))
        return { reference: booking.reference, result: { ok: false, reason: "refused" } as ChangeResult };
      return { reference: booking.reference, result: await transition(tx, user, booking, to) };
    });
    results.push({ id, ...outcome });
  }
  return results;
}

export type CancelOutcome = "cancelled" | "requested" | "refused" | "notFound";

/**
 * A driver cancels their booking (docs/domain.md#cancellation): a pay-later booking with nothing
 * paid is cancelled at once before pick-up; one with money received becomes a cancel request
 * (with the cancellation option), and the supplier's staff and the admins are notified.
 */
export async function cancelBooking(user: User, id: number, now = new Date()): Promise<CancelOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, id);
    if (!booking) return "notFound";
    if (booking.driverId !== user.id) return "refused";
    const [car] = await tx
      .select({ cancellationCents: cars.cancellationCents })
      .from(cars)
      .where(eq(cars.id, booking.carId));
    const kind = cancelKind({ ...booking, paidCents: await paidCentsOf(tx, booking.id) }, car.cancellationCents, now);
    if (kind === "immediate") {
      const result = await transition(tx, user, booking, "cancelled");
      return result.ok ? "cancelled" : "refused";
    }
    if (kind === "none") return "refused";
    await tx.update(bookings).set({ cancelRequest: true }).where(eq(bookings.id, booking.id));
    const staff = await bookingStaff(tx, booking.supplierId);
    await notify(
      tx,
      staff.map((s) => ({
        userId: s.id,
        bookingId: booking.id,
        messageKey: "notifications:messages.cancelRequested" as const,
        params: { reference: booking.reference },
      })),
    );
    return "requested";
  });
}

/** Staff settle a driver's cancel request: accepting cancels the booking, declining clears the request and tells the driver. */
export async function resolveCancelRequest(user: User, id: number, accept: boolean): Promise<ChangeResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, id);
    if (!booking) return { ok: false, reason: "notFound" } as const;
    if (!isStaff(user) || !booking.cancelRequest) return { ok: false, reason: "refused" } as const;
    if (accept) return transition(tx, user, booking, "cancelled", "cancel request accepted");
    await tx.update(bookings).set({ cancelRequest: false }).where(eq(bookings.id, booking.id));
    await tellDriver(tx, booking, {
      messageKey: "notifications:messages.cancelDeclined",
      template: "booking-cancel-declined",
      params: { reference: booking.reference },
    });
    return { ok: true, status: booking.status } as const;
  });
}

/**
 * The driver asks for a change to an online-paid booking: nothing changes on the booking; the
 * supplier's staff and the admins get a notification with the driver's words, and settle it
 * with the driver (who is told they will be contacted).
 */
export async function requestAmendment(
  user: User,
  id: number,
  request: string,
  now = new Date(),
): Promise<"requested" | "refused" | "notFound"> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, id);
    if (!booking) return "notFound";
    const [car] = await tx
      .select({ cancellationCents: cars.cancellationCents })
      .from(cars)
      .where(eq(cars.id, booking.carId));
    if (
      !canRequestAmendment(
        user.id,
        { ...booking, paidCents: await paidCentsOf(tx, booking.id) },
        car.cancellationCents,
        now,
      )
    )
      return "refused";
    const staff = await bookingStaff(tx, booking.supplierId);
    const params = { reference: booking.reference, request: request.slice(0, AMENDMENT_REQUEST_MAX) };
    await notify(
      tx,
      staff.map((s) => ({
        userId: s.id,
        bookingId: booking.id,
        messageKey: "notifications:messages.amendmentRequested" as const,
        params,
      })),
    );
    return "requested";
  });
}

export type Amendment = {
  pickUp: Date;
  dropOff: Date;
  pickupLocationId: number;
  dropoffLocationId: number;
  options: OptionKey[];
  additionalDriver: { name: string; email: string; phone: string; birthDate: string } | null;
};

export type AmendOutcome =
  | "amended"
  | "notFound"
  | "refused"
  | "unavailable"
  | "pastPickUp"
  /** Longer than the checkout allows (docs/domain.md#days). */
  | "tooLong"
  | "optionUnavailable"
  /** The additional driver option chosen (or included and named) without all the driver's details. */
  | "additionalDriverMissing"
  /** A payment of the booking is being made or verified: its amount was computed on the current price. */
  | "paymentInProgress"
  /** The additional driver is younger than the car asks on the new pick-up date (docs/domain.md#driver-age), as at checkout. */
  | { additionalUnderAge: number };

/** A driver's details are all there (each field non-empty). */
const complete = (d: NonNullable<Amendment["additionalDriver"]>) =>
  Boolean(d.name.trim() && d.email.trim() && d.phone.trim() && d.birthDate.trim());

/**
 * The driver changes their pay-later booking before pick-up (docs/domain.md#cancellation): new
 * dates, places, options and additional driver, under the checkout's own rules (period,
 * options, additional driver and ages), re-priced with priceRental (pay later) and re-checked
 * with the shared availability predicate, which leaves the booking itself out of the overlap
 * test; the exclusion constraint still refuses a concurrent winner (23P01). Refused while a
 * payment of the booking is open: its amount was the old price (docs/domain.md#payments).
 */
export async function amendBooking(user: User, id: number, change: Amendment, now = new Date()): Promise<AmendOutcome> {
  if (change.pickUp <= now) return "pastPickUp";
  if (!periodIsValid(change.pickUp, change.dropOff, now))
    return change.dropOff > change.pickUp ? "tooLong" : "pastPickUp";
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const booking = await lockInScope(tx, user, id);
      if (!booking) return "notFound";
      if (!canAmend(user.id, { ...booking, paidCents: await paidCentsOf(tx, booking.id) }, now)) return "refused";
      const [car] = await tx.select().from(cars).where(eq(cars.id, booking.carId));
      // The checkout's rule (bookingChoices): details exactly when the option is chosen, or included and a driver named.
      const included = car.additionalDriverCents === 0;
      const given =
        change.additionalDriver && Object.values(change.additionalDriver).some((v) => v.trim() !== "")
          ? change.additionalDriver
          : null;
      const wanted = change.options.includes("additionalDriver") || (included && given !== null);
      if (wanted && !(given && complete(given))) return "additionalDriverMissing";
      const additionalDriver = wanted ? given : null;
      const options = optionKeys.filter((k) => change.options.includes(k) || (k === "additionalDriver" && wanted));
      const days = rentalDays(change.pickUp, change.dropOff);
      const breakdown = priceRental({
        car: {
          dailyPriceCents: car.dailyPriceCents,
          payLaterFeePercent: car.payLaterFeePercent,
          options: optionPrices(car),
        },
        days,
        options,
        payLater: true,
      });
      // The additional driver's age as at checkout, on the new pick-up date at the new pick-up place.
      const [place] = await tx
        .select({ timeZone: locations.timeZone })
        .from(locations)
        .where(eq(locations.id, change.pickupLocationId));
      const minimumAge = requiredDriverAge(car.minimumAge);
      if (
        place &&
        additionalDriver &&
        !driverOldEnough(additionalDriver.birthDate, change.pickUp, place.timeZone, minimumAge)
      ) {
        return { additionalUnderAge: minimumAge } as const;
      }
      const bookable = await carIsBookableFor(
        {
          carId: car.id,
          locationId: change.pickupLocationId,
          pickUp: change.pickUp,
          dropOff: change.dropOff,
          exceptBookingId: id,
        },
        tx,
      );
      const [dropoffPlace] = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.id, change.dropoffLocationId));
      if (!bookable || !dropoffPlace) throw new Unavailable();
      // Last, so this answer means "the change is fine but for the open payment" (amendClosingCardAttempts).
      const [open] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.bookingId, id), eq(payments.status, "pending")))
        .limit(1);
      if (open) return "paymentInProgress";
      const chosen = new Set(options);
      await tx
        .update(bookings)
        .set({
          startsAt: change.pickUp,
          endsAt: change.dropOff,
          pickupLocationId: change.pickupLocationId,
          dropoffLocationId: change.dropoffLocationId,
          days,
          priceCents: breakdown.totalCents,
          breakdown,
          ...Object.fromEntries(optionKeys.map((k) => [k, chosen.has(k)])),
          additionalDriverName: additionalDriver?.name ?? null,
          additionalDriverEmail: additionalDriver?.email ?? null,
          additionalDriverPhone: additionalDriver?.phone ?? null,
          additionalDriverBirthDate: additionalDriver?.birthDate ?? null,
        })
        .where(eq(bookings.id, id));
      const staff = await bookingStaff(tx, booking.supplierId);
      // Shown as wall-clock times at the pick-up place, where they were entered (bookable: the place exists).
      const { timeZone } = place!;
      const local = (at: Date) => `${instantToLocal(at, timeZone).replace("T", " ")} (${timeZone})`;
      const period = { reference: booking.reference, from: local(change.pickUp), to: local(change.dropOff) };
      await notify(
        tx,
        staff.map((s) => ({
          userId: s.id,
          bookingId: id,
          messageKey: "notifications:messages.bookingChanged" as const,
          params: period,
        })),
      );
      return "amended" as const;
    });
  } catch (error) {
    if (error instanceof Unavailable) return "unavailable";
    if (error instanceof UnavailableOptionError) return "optionUnavailable";
    if (sqlState(error) === EXCLUSION_VIOLATION) return "unavailable";
    throw error;
  }
}

/** An amendment as the driver types it: wall-clock times (`YYYY-MM-DDTHH:mm`) at the chosen pick-up place (docs/domain.md#days). */
export type LocalAmendment = Omit<Amendment, "pickUp" | "dropOff"> & { pickUp: string; dropOff: string };

/**
 * The driver's amendment with its times read on the clock of the chosen pick-up place, which must
 * be one the car serves (else the car is "unavailable" there); then amendBooking decides.
 */
export async function amendAtLocalTimes(
  user: User,
  id: number,
  change: LocalAmendment,
  now = new Date(),
): Promise<AmendOutcome> {
  const detail = await bookingDetail(user, id);
  if (!detail) return "notFound";
  const zone = (await amendChoices(detail.car.id)).places.find((p) => p.id === change.pickupLocationId)?.timeZone;
  const pickUp = zone ? localToInstant(change.pickUp, zone) : null;
  const dropOff = zone ? localToInstant(change.dropOff, zone) : null;
  if (!pickUp || !dropOff) return "unavailable";
  return amendBooking(user, id, { ...change, pickUp, dropOff }, now);
}

/** Rolls the amendment back: the car is not bookable for the new period or place. */
class Unavailable extends Error {}

/** What the amend form offers for a car: the places it serves (with their zones) and the options it offers (cents ≥ 0). */
export async function amendChoices(carId: number) {
  const db = await getDb();
  const [car] = await db.select().from(cars).where(eq(cars.id, carId));
  const places = await db
    .select({
      id: locations.id,
      nameEs: locations.nameEs,
      nameEn: locations.nameEn,
      nameFr: locations.nameFr,
      nameEl: locations.nameEl,
      timeZone: locations.timeZone,
    })
    .from(schema.carLocations)
    .innerJoin(locations, eq(locations.id, schema.carLocations.locationId))
    .where(eq(schema.carLocations.carId, carId))
    .orderBy(asc(locations.nameEs));
  return { places, options: optionKeys.filter((k) => car[`${k}Cents`] >= 0) };
}
