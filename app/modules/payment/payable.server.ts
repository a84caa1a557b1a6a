import { redirect, type AppLoadContext } from "@remix-run/node";
import { and, eq, gt, or, sql } from "drizzle-orm";
import { type Language, languageOrDefault } from "~/modules/i18n/languages";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { paidCentsColumn } from "~/modules/booking/move.server";
import type { BookingStatus } from "~/modules/booking/status";
import { grantMatches, grantStatus } from "./grant.server";
import { isRowId, rowIdParam } from "~/utils/row-id";
import { moneyOf } from "./money";
import { consume } from "~/modules/security/rate-limit.server";

const { bookings, cars, payments, rentals, users } = schema;
type PaymentMethod = (typeof bookings.$inferSelect)["paymentMethod"];

export type PayableBooking = {
  id: number;
  reference: string;
  status: BookingStatus;
  paymentMethod: PaymentMethod;
  driverId: number;
  driverEmail: string;
  driverName: string;
  driverLanguage: Language;
  supplierId: number;
  carName: string;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  holdExpiresAt: Date | null;
  priceCents: number;
  /** What succeeded payments already cover. */
  paidCents: number;
  balanceCents: number;
  /** Paid beyond what is due, which staff must refund (docs/domain.md#credit). */
  creditCents: number;
  /** Whether a payment can start now (docs/domain.md#payments): a live hold or a pending booking, with a balance. */
  payable: boolean;
};

/** Who asks: the signed-in user (if any) and the `g=` grant of a reference + email lookup (if any). */
export type PaymentAccess = { userId: number | null; grant: string | null };

/** Whether a booking counts as paid for its payer: staff marked it paid, or payments cover its price. */
export const isPaid = (booking: Pick<PayableBooking, "status" | "paidCents" | "balanceCents">) =>
  booking.status === "paid" || (booking.paidCents > 0 && booking.balanceCents === 0);

/** Whether payments can start for a booking in this state at `now`. */
export function canTakePayment(
  b: Pick<PayableBooking, "status" | "holdExpiresAt" | "balanceCents">,
  now = new Date(),
): boolean {
  if (b.balanceCents <= 0) return false;
  if (b.status === "pending") return true;
  return b.status === "void" && b.holdExpiresAt !== null && b.holdExpiresAt > now;
}

/**
 * THE scope of the payment pages (docs/security.md#payments): the booking's own driver, signed
 * in, or anyone holding the grant for exactly this booking. Everyone else gets null, the same
 * answer as for a booking that does not exist.
 */
export async function loadPayableBooking(
  bookingId: number,
  access: PaymentAccess,
  executor?: Executor,
  now = new Date(),
): Promise<PayableBooking | null> {
  if (!isRowId(bookingId)) return null;
  const db = executor ?? (await getDb());
  const [row] = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      paymentMethod: bookings.paymentMethod,
      driverId: bookings.driverId,
      driverEmail: users.email,
      driverName: users.fullName,
      driverLanguage: users.language,
      supplierId: bookings.supplierId,
      carName: cars.name,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      createdAt: bookings.createdAt,
      holdExpiresAt: bookings.holdExpiresAt,
      priceCents: bookings.priceCents,
      paidCents: paidCentsColumn,
      bill: rentals.finalBill,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.driverId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .leftJoin(rentals, eq(rentals.bookingId, bookings.id))
    .where(and(eq(bookings.id, bookingId), sql`${bookings.status} <> 'deleted'`));
  if (!row) return null;
  const allowed = (access.userId !== null && access.userId === row.driverId) || grantMatches(row.id, access.grant);
  if (!allowed) return null;
  const { bill, ...fields } = row;
  const paidCents = Number(row.paidCents);
  const balanceCents = Math.max(0, row.priceCents - paidCents);
  const { creditCents } = moneyOf({
    priceCents: row.priceCents,
    paidCents,
    stillToPayCents: bill?.stillToPayCents ?? null,
  });
  const driverLanguage = languageOrDefault(row.driverLanguage);
  const booking = { ...fields, driverLanguage, paidCents, balanceCents, creditCents, payable: false };
  booking.payable = canTakePayment(booking, now);
  return booking;
}

/**
 * What a caller without access gets: a grant this server made for the booking but past its
 * lifetime leads to the lookup page, which says so (docs/security.md#payment-grants); anything
 * else is the 404 of a booking that does not exist.
 */
export function grantRefusal(bookingId: number, grant: string | null): Response {
  if (isRowId(bookingId) && grantStatus(bookingId, grant) === "expired") return redirect("/payment?expired=1");
  return new Response(null, { status: 404 });
}

/**
 * For every loader and action of a payment page: the booking named by `?b=` that the caller may
 * pay or follow, and the grant to carry on in links and forms; a thrown 404 otherwise.
 */
export async function requirePayableBooking(
  request: Request,
  context: Pick<AppLoadContext, "user">,
): Promise<{ booking: PayableBooking; grant: string | null }> {
  const params = new URL(request.url).searchParams;
  const grant = params.get("g");
  const bookingId = rowIdParam(params.get("b")) ?? 0;
  const booking = await loadPayableBooking(bookingId, { userId: context.user?.id ?? null, grant });
  if (!booking) throw grantRefusal(bookingId, grant);
  return { booking, grant: grantMatches(booking.id, grant) ? grant : null };
}

/**
 * Direct payment (docs/security.md#payments): the booking whose reference and driver's email
 * both match, as its id; the caller then holds a grant for it. Deleted bookings are not found.
 */
export async function findBookingByReference(reference: string, email: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(and(eq(bookings.reference, reference), eq(users.email, email), sql`${bookings.status} <> 'deleted'`));
  return row?.id ?? null;
}

/** A signed-in driver's bookings that still wait for payment (pending, or a hold still running), soonest pick-up first. */
export async function outstandingBookings(driverId: number, now = new Date()) {
  const db = await getDb();
  return db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      carName: cars.name,
      startsAt: bookings.startsAt,
      priceCents: bookings.priceCents,
      status: bookings.status,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(
      and(
        eq(bookings.driverId, driverId),
        // A Date goes through the column's own mapping (gt), which both drivers accept.
        or(eq(bookings.status, "pending"), and(eq(bookings.status, "void"), gt(bookings.holdExpiresAt, now))),
        sql`${bookings.priceCents} > (select coalesce(sum(${payments.amountCents}), 0) from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'succeeded')`,
      ),
    )
    .orderBy(bookings.startsAt)
    .limit(50);
}

/** The summary every payment page shows (components/payment/payment-summary.tsx). */
export function paymentSummary(booking: PayableBooking, now = new Date()) {
  const held = booking.status === "void" && booking.holdExpiresAt !== null && booking.holdExpiresAt > now;
  return {
    reference: booking.reference,
    carName: booking.carName,
    status: booking.status,
    balanceCents: booking.balanceCents,
    holdMinutesLeft: held ? Math.max(1, Math.ceil((booking.holdExpiresAt!.getTime() - now.getTime()) / 60_000)) : null,
  };
}

/**
 * Direct payment's lookup under its per-client limit (docs/security.md#rate-limits): counted
 * before the answer, so guessing references is slow whatever the outcome.
 */
export async function findBookingByReferenceLimited(
  reference: string,
  email: string,
  ip: string,
): Promise<number | null | "rateLimited"> {
  if (!(await consume("payment-lookup", ip))) return "rateLimited";
  return findBookingByReference(reference, email);
}
