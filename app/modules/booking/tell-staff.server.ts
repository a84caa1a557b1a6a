import { aliasedTable, eq, inArray } from "drizzle-orm";
import { formatLocalDateTime } from "~/modules/catalogue/present.server";
import { enqueueEmails } from "~/modules/email/outbox-email.server";
import { formatCents } from "~/modules/i18n/format";
import { type Language, languageOrDefault } from "~/modules/i18n/languages";
import { placeName, placeNameColumns, type PlaceNames } from "~/modules/i18n/place-name";
import { bookingStaff, notify, type NotificationEntry } from "~/modules/notification/notify.server";
import { instantToLocal, wallClockLabel } from "~/modules/time/zoned-time";
import { schema, type Executor } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";

const { bookings, cars, locations, users } = schema;

/** What a booking looked like before an amendment (docs/domain.md#staff-notices). */
export type BookingBefore = {
  startsAt: Date;
  endsAt: Date;
  pickupLocationId: number;
  dropoffLocationId: number;
  priceCents: number;
};

/**
 * What the supplier's staff and the admins are told about (docs/domain.md#staff-notices):
 * - `new`: a booking they have not heard of yet (pay later at checkout, a hold once paid);
 * - `transferWaiting`: a pago móvil transfer submitted, to verify;
 * - `cancelled`: by the driver, by staff or by the system (`eventId`: its history row);
 * - `changed`: the driver amended it, with what it was before;
 * - `cancelRequested`, `amendmentRequested`: the driver of a booking paid online asks (the request's words).
 */
export type StaffEvent =
  | { kind: "new" }
  | { kind: "cancelRequested" }
  | { kind: "amendmentRequested"; request: string }
  | { kind: "transferWaiting"; paymentId: number; amountCents: number; amountBs: string }
  | { kind: "cancelled"; by: "driver" | "staff" | "system"; eventId: number }
  | { kind: "changed"; before: BookingBefore };

const templates = {
  new: "new-booking",
  transferWaiting: "transfer-waiting",
  cancelled: "booking-cancelled",
  changed: "booking-changed",
  cancelRequested: "cancel-requested",
  amendmentRequested: "amendment-requested",
} as const;

const pickup = aliasedTable(locations, "pickup");
const dropoff = aliasedTable(locations, "dropoff");

/** The booking as the notices describe it, read in the caller's transaction. */
async function readBooking(tx: Executor, bookingId: number) {
  const [row] = await tx
    .select({
      booking: bookings,
      car: cars.name,
      driver: users.fullName,
      pickup: placeNameColumns(pickup),
      dropoff: placeNameColumns(dropoff),
      zone: pickup.timeZone,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .innerJoin(pickup, eq(pickup.id, bookings.pickupLocationId))
    .innerJoin(dropoff, eq(dropoff.id, bookings.dropoffLocationId))
    .where(eq(bookings.id, bookingId));
  return row;
}

/** The names of the places an amendment left, by id. */
async function placesById(tx: Executor, ids: number[]) {
  const rows = await tx
    .select({
      id: locations.id,
      ...placeNameColumns(locations),
      timeZone: locations.timeZone,
    })
    .from(locations)
    .where(inArray(locations.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Tells the booking's staff (its supplier's active staff and every active admin, but not
 * `exceptUserId`, the person who did it) about `event`: an in-app notification each, and an
 * email in each one's language to those who take email notifications, naming the booking and
 * linking to it in the back office. Written in the caller's transaction, the emails under job ids
 * fixed by the event (docs/architecture.md#outbox), so a booking is announced once.
 */
export async function tellStaff(
  tx: Executor,
  bookingId: number,
  event: StaffEvent,
  exceptUserId: number | null = null,
): Promise<void> {
  const row = await readBooking(tx, bookingId);
  if (!row) return;
  const { booking, zone } = row;
  const staff = (await bookingStaff(tx, booking.supplierId)).filter((member) => member.id !== exceptUserId);
  if (staff.length === 0) return;
  const before = event.kind === "changed" ? event.before : null;
  const beforePlaces = before ? await placesById(tx, [before.pickupLocationId, before.dropoffLocationId]) : null;
  const beforeZone = before ? (beforePlaces!.get(before.pickupLocationId)?.timeZone ?? zone) : zone;

  const period = (from: Date, to: Date, at: string) => `${wallClockLabel(from, at)} – ${wallClockLabel(to, at)}`;
  const reference = booking.reference;
  const message = notification(event, {
    reference,
    car: row.car,
    from: wallClockLabel(booking.startsAt, zone),
    to: wallClockLabel(booking.endsAt, zone),
    period: period(booking.startsAt, booking.endsAt, zone),
    periodBefore: before ? period(before.startsAt, before.endsAt, beforeZone) : "",
    total: formatCents(booking.priceCents),
    totalBefore: before ? formatCents(before.priceCents) : "",
    amount: event.kind === "transferWaiting" ? formatCents(event.amountCents) : "",
  });
  const notificationIds = await notify(
    tx,
    staff.map((member) => ({ userId: member.id, bookingId, ...message })),
  );

  const url = (path: string) => new URL(path, getEnv().APP_URL).toString();
  const placeAt = (place: PlaceNames, at: Date, placeZone: string, language: Language) =>
    `${placeName(place, language)}, ${formatLocalDateTime(instantToLocal(at, placeZone), language)}`;
  const data = (language: Language) => {
    const beforePickup = before && beforePlaces!.get(before.pickupLocationId);
    const beforeDropoff = before && beforePlaces!.get(before.dropoffLocationId);
    return {
      reference,
      car: row.car,
      driver: row.driver,
      pickup: placeAt(row.pickup, booking.startsAt, zone, language),
      dropoff: placeAt(row.dropoff, booking.endsAt, zone, language),
      total: formatCents(booking.priceCents),
      method: booking.paymentMethod,
      status: booking.status,
      link: url(`/booking?b=${booking.id}`),
      ...(before && beforePickup && beforeDropoff
        ? {
            pickupBefore: placeAt(beforePickup, before.startsAt, beforeZone, language),
            dropoffBefore: placeAt(beforeDropoff, before.endsAt, beforeZone, language),
            totalBefore: formatCents(before.priceCents),
          }
        : {}),
      ...(event.kind === "transferWaiting"
        ? { amount: formatCents(event.amountCents), amountBs: event.amountBs, paymentsLink: url("/admin/payments") }
        : {}),
      ...(event.kind === "cancelled" ? { by: event.by } : {}),
      ...(event.kind === "amendmentRequested" ? { request: event.request } : {}),
    };
  };
  const template = templates[event.kind];
  await enqueueEmails(
    tx,
    staff.flatMap((member, index) => {
      if (!member.enableEmailNotifications) return [];
      const language = languageOrDefault(member.language);
      return [
        {
          request: { template, to: [member.email], language, data: { fullName: member.fullName, ...data(language) } },
          jobId: `${template}-${eventKey(event, bookingId, notificationIds[index])}-${member.id}`,
        },
      ];
    }),
  );
}

/** What makes the email's job id unique and stable: the booking (announced once), the payment, the history row, the notification. */
function eventKey(event: StaffEvent, bookingId: number, notificationId: number): number {
  switch (event.kind) {
    case "new":
      return bookingId;
    case "transferWaiting":
      return event.paymentId;
    case "cancelled":
      return event.eventId;
    case "changed":
    case "cancelRequested":
    case "amendmentRequested":
      return notificationId;
  }
}

type Values = Record<
  "reference" | "car" | "from" | "to" | "period" | "periodBefore" | "total" | "totalBefore" | "amount",
  string
>;

/** The in-app notification of an event: its key and the values it shows (wall-clock times at the pick-up place). */
function notification(event: StaffEvent, v: Values): Pick<NotificationEntry, "messageKey" | "params"> {
  switch (event.kind) {
    case "new":
      return {
        messageKey: "notifications:messages.newBooking",
        params: { reference: v.reference, car: v.car, from: v.from, to: v.to },
      };
    case "transferWaiting":
      return {
        messageKey: "notifications:messages.transferWaiting",
        params: { reference: v.reference, amount: v.amount },
      };
    case "cancelled":
      return {
        messageKey:
          event.by === "driver"
            ? "notifications:messages.cancelledByDriver"
            : "notifications:messages.bookingCancelled",
        params: { reference: v.reference, car: v.car, from: v.from, to: v.to },
      };
    case "cancelRequested":
      return { messageKey: "notifications:messages.cancelRequested", params: { reference: v.reference } };
    case "amendmentRequested":
      return {
        messageKey: "notifications:messages.amendmentRequested",
        params: { reference: v.reference, request: event.request },
      };
    case "changed":
      return {
        messageKey: "notifications:messages.bookingAmended",
        params: {
          reference: v.reference,
          before: v.periodBefore,
          after: v.period,
          totalBefore: v.totalBefore,
          total: v.total,
        },
      };
  }
}
