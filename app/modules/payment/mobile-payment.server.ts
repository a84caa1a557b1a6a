import { formatBolivars } from "~/modules/i18n/format";
import { bolivarCentimos } from "~/modules/pricing/bolivars";
import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { bookingScope, isStaff } from "~/modules/access/booking-scope.server";
import { paidCentsColumn } from "~/modules/booking/move.server";
import { pageQuery, LIST_PAGE_SIZE } from "~/modules/list/paging";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { formatCents } from "~/modules/i18n/format";
import { languageOrDefault } from "~/modules/i18n/languages";
import { notify } from "~/modules/notification/notify.server";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import type { SessionUser } from "~/utils/session.server";
import { endCardAttemptsOnceCovered } from "./settle-card-payment.server";
import { paymentSettings } from "./config.server";
import { failPayment, fulfilPayment, type FulfilOutcome } from "./fulfil.server";
import { paymentGrant } from "./grant.server";
import { methodHref } from "~/modules/booking/methods";
import { tellStaff } from "~/modules/booking/tell-staff.server";
import {
  centimosToDecimal,
  formatBolivarDecimal,
  formatRif,
  formatVenezuelanPhone,
  MOBILE_PAYMENT_EXPIRY_MS,
  mobilePaymentMessages,
  mobileProviderReference,
  paymentDateProblem,
  referenceKey,
  type MobilePaymentInput,
  type QueueOrder,
} from "./mobile-payment";
import { canTakePayment, type PayableBooking } from "./payable.server";
import { recordPayment } from "./record.server";
import { consume } from "~/modules/security/rate-limit.server";

const { banks, bookings, payments, users } = schema;

/** The Venezuelan banks a payer picks from (seed data, not an enum: the list changes). */
export async function bankList(): Promise<Array<{ code: string; name: string }>> {
  const db = await getDb();
  return db.select({ code: banks.code, name: banks.name }).from(banks).orderBy(asc(banks.code));
}

/** A value the page shows and the one its Copy button puts on the clipboard (what bank apps take). */
type Copyable = { shown: string; copy: string };

export type MobilePaymentPage = {
  merchant: { bank: Copyable; phone: Copyable; rif: Copyable; holder: string };
  amount: Copyable & { usd: string; rate: string; rateDate: string };
  /** The transfer submitted last, when it still awaits verification. */
  awaiting: { bank: string; reference: string; date: string } | null;
  /** Why staff refused the last transfer, when that is the latest news. */
  rejectedReason: string | null;
};

/**
 * What the pago móvil page shows for `booking` (docs/domain.md#pago-móvil): the merchant's account
 * and the balance in bolívares at the current rate; null when pago móvil is not configured.
 */
export async function mobilePaymentPage(booking: PayableBooking): Promise<MobilePaymentPage | null> {
  const settings = await paymentSettings();
  if (!settings) return null;
  const centimos = bolivarCentimos(booking.balanceCents, settings.usdToBsRate);
  const db = await getDb();
  const [last] = await db
    .select({ status: payments.status, details: payments.details })
    .from(payments)
    .where(and(eq(payments.bookingId, booking.id), eq(payments.method, "mobilePayment")))
    .orderBy(desc(payments.id))
    .limit(1);
  const detail = (key: string) => String(last?.details[key] ?? "");
  return {
    merchant: {
      bank: { shown: `${settings.mobilePaymentBankCode} · ${settings.bankName}`, copy: settings.mobilePaymentBankCode },
      phone: { shown: formatVenezuelanPhone(settings.mobilePaymentPhone), copy: settings.mobilePaymentPhone },
      rif: { shown: formatRif(settings.mobilePaymentRif), copy: formatRif(settings.mobilePaymentRif) },
      holder: settings.mobilePaymentHolder,
    },
    amount: {
      shown: formatBolivars(centimos),
      copy: centimosToDecimal(centimos),
      usd: formatCents(booking.balanceCents),
      rate: settings.usdToBsRate.replace(/\.?0+$/, ""),
      rateDate: settings.rateDate,
    },
    awaiting:
      last?.status === "pending"
        ? { bank: detail("bank"), reference: detail("reference"), date: detail("date") }
        : null,
    rejectedReason: last?.status === "rejected" ? detail("failure") : null,
  };
}

export type SubmitRefusal =
  "unavailable" | "notPayable" | "awaiting" | "unknownBank" | "dateFuture" | "dateBeforeBooking" | "duplicate";
export type SubmitOutcome = { ok: true; paymentId: number } | { ok: false; reason: SubmitRefusal };

/** What the payer is told of each refusal: the field it belongs to (or the whole form) and the message. */
export const submitRefusals: Record<SubmitRefusal, { field: "bank" | "date" | null; message: string }> = {
  unknownBank: { field: "bank", message: mobilePaymentMessages.invalidBank },
  dateFuture: { field: "date", message: "mobilePayment:errors.dateFuture" },
  dateBeforeBooking: { field: "date", message: "mobilePayment:errors.dateBeforeBooking" },
  duplicate: { field: null, message: "mobilePayment:errors.duplicate" },
  awaiting: { field: null, message: "mobilePayment:errors.awaiting" },
  notPayable: { field: null, message: "mobilePayment:errors.notPayable" },
  unavailable: { field: null, message: "mobilePayment:errors.unavailable" },
};

/**
 * The payer's transfer (docs/domain.md#pago-móvil): checked against the bank list and the booking's
 * dates, then recorded as a payment awaiting verification of the booking's balance, in bolívares at
 * today's rate. The booking row is locked, so one booking has at most one transfer awaiting staff;
 * the unique provider reference refuses the same bank + reference + date twice, across all
 * bookings and also when two submissions race.
 */
export async function submitMobilePayment(
  booking: PayableBooking,
  input: MobilePaymentInput,
  now = new Date(),
): Promise<SubmitOutcome> {
  const settings = await paymentSettings();
  if (!settings) return { ok: false, reason: "unavailable" };
  const dateProblem = paymentDateProblem(input.date, { now, bookingCreatedAt: booking.createdAt });
  if (dateProblem === "future") return { ok: false, reason: "dateFuture" };
  if (dateProblem !== null) return { ok: false, reason: "dateBeforeBooking" };
  const db = await getDb();
  const [bank] = await db.select({ code: banks.code }).from(banks).where(eq(banks.code, input.bank));
  if (!bank) return { ok: false, reason: "unknownBank" };
  const amountCents = booking.balanceCents;
  const centimos = bolivarCentimos(amountCents, settings.usdToBsRate);
  return db.transaction(async (tx): Promise<SubmitOutcome> => {
    const [current] = await tx
      .select({ status: bookings.status, holdExpiresAt: bookings.holdExpiresAt })
      .from(bookings)
      .where(eq(bookings.id, booking.id))
      .for("update");
    if (!current || !canTakePayment({ ...current, balanceCents: amountCents }, now))
      return { ok: false, reason: "notPayable" };
    const [waiting] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(eq(payments.bookingId, booking.id), eq(payments.method, "mobilePayment"), eq(payments.status, "pending")),
      )
      .limit(1);
    if (waiting) return { ok: false, reason: "awaiting" };
    const recorded = await recordPayment(tx, {
      bookingId: booking.id,
      method: "mobilePayment",
      amountCents,
      providerReference: mobileProviderReference(input.bank, input.reference, input.date),
      details: {
        ...input,
        amountBs: centimosToDecimal(centimos),
        rate: settings.usdToBsRate,
        rateDate: settings.rateDate,
      },
      awaitingVerification: true,
    });
    if (!recorded.ok) return { ok: false, reason: "duplicate" };
    // docs/domain.md#staff-notices: staff learn of the transfer to verify at once.
    await tellStaff(tx, booking.id, {
      kind: "transferWaiting",
      paymentId: recorded.paymentId,
      amountCents,
      amountBs: formatBolivars(centimos),
    });
    return recorded;
  });
}

type Staff = Pick<SessionUser, "id" | "type" | "supplierId">;

/**
 * THE scope of payment verification (docs/security.md#payments): the payments of the bookings a
 * staff member runs — an admin's all, a supplier's staff their supplier's — and nobody else's.
 * Every query of the queue and of approving or rejecting puts it in its WHERE, so a payment
 * outside it is indistinguishable from a missing one (404).
 */
function verificationScope(user: Staff): SQL {
  return isStaff(user) ? bookingScope(user) : sql`false`;
}

/** `referenceKey` in SQL: the reference without its leading zeros, as the duplicate check compares it. */
const referenceKeySql = sql<string>`regexp_replace(${payments.details}->>'reference', '^0+(?=[0-9])', '')`;

/** Payments with their booking, driver, the payer's bank and the booking's balance, for the queue. */
async function paymentRows(where: SQL | undefined, order: QueueOrder, offset: number) {
  const db = await getDb();
  return (
    db
      .select({
        paymentId: payments.id,
        bookingId: bookings.id,
        reference: bookings.reference,
        driverId: bookings.driverId,
        driverName: users.fullName,
        driverEmail: users.email,
        method: payments.method,
        amountCents: payments.amountCents,
        status: payments.status,
        // What is still due (docs/domain.md#payments): the price minus the succeeded payments.
        balanceCents: sql<number>`${bookings.priceCents} - ${paidCentsColumn}`.mapWith(Number),
        details: payments.details,
        bankName: banks.name,
        submittedAt: payments.createdAt,
        verifiedAt: payments.verifiedAt,
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .innerJoin(users, eq(users.id, bookings.driverId))
      .leftJoin(banks, sql`${banks.code} = ${payments.details}->>'bank'`)
      .where(where)
      // Ids grow with submission time, and unlike timestamps they never tie.
      .orderBy(order === "oldest" ? asc(payments.id) : desc(payments.id))
      .limit(LIST_PAGE_SIZE)
      .offset(offset)
  );
}
type PaymentRow = Awaited<ReturnType<typeof paymentRows>>[number];

/**
 * The other pago móvil payments (any status, any date or bank) of other bookings in `user`'s
 * scope whose reference is that of one of `rows` (docs/domain.md#pago-móvil): the same transfer
 * filed twice under another date or bank code slips past the unique key, so staff are warned.
 */
async function sameReferences(
  user: Staff,
  rows: PaymentRow[],
): Promise<Map<number, Array<{ bookingId: number; reference: string }>>> {
  const mobile = rows.filter((row) => row.method === "mobilePayment" && typeof row.details.reference === "string");
  const found = new Map<number, Array<{ bookingId: number; reference: string }>>();
  if (mobile.length === 0) return found;
  const keys = [...new Set(mobile.map((row) => referenceKey(String(row.details.reference))))];
  const db = await getDb();
  const others = await db
    .selectDistinct({ key: referenceKeySql, bookingId: bookings.id, reference: bookings.reference })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(verificationScope(user), eq(payments.method, "mobilePayment"), inArray(referenceKeySql, keys)))
    .orderBy(asc(bookings.reference));
  for (const row of mobile) {
    const key = referenceKey(String(row.details.reference));
    found.set(
      row.paymentId,
      others
        .filter((other) => other.key === key && other.bookingId !== row.bookingId)
        .map(({ bookingId, reference }) => ({ bookingId, reference })),
    );
  }
  return found;
}

function present(user: Staff, row: PaymentRow, sameReference: Array<{ bookingId: number; reference: string }>) {
  const detail = (key: string) => (row.details[key] == null ? "" : String(row.details[key]));
  const own = row.driverId === user.id;
  return {
    paymentId: row.paymentId,
    bookingId: row.bookingId,
    reference: row.reference,
    driver: `${row.driverName} · ${row.driverEmail}`,
    method: row.method,
    amountUsd: formatCents(row.amountCents),
    amountBs: formatBolivarDecimal(detail("amountBs")),
    balance: formatCents(Math.max(0, row.balanceCents)),
    /** What approving would pay beyond the balance (docs/domain.md#credit): a credit to refund, said before. */
    wouldCredit:
      row.status === "pending" && row.amountCents > row.balanceCents
        ? formatCents(row.amountCents - Math.max(0, row.balanceCents))
        : null,
    bank: row.bankName ? `${detail("bank")} · ${row.bankName}` : detail("bank"),
    phone: formatVenezuelanPhone(detail("phone")),
    transferReference: detail("reference"),
    date: detail("date"),
    submittedAt: row.submittedAt,
    receivedAt: row.verifiedAt ?? row.submittedAt,
    /** Other bookings that filed a transfer with this reference (docs/domain.md#pago-móvil). */
    sameReference,
    /** The booking is the staff member's own: someone else must verify it (docs/security.md#payments). */
    own,
    /** Whether this staff member may approve or reject it: admins only, never for their own booking. */
    canVerify: user.type === "admin" && !own,
  };
}
export type QueueRow = ReturnType<typeof present>;

export type QueuePage = { rows: QueueRow[]; total: number; page: number; pages: number };

async function queuePage(
  user: Staff,
  where: SQL | undefined,
  order: QueueOrder,
  rawPage: string | null,
): Promise<QueuePage> {
  const db = await getDb();
  const [{ total }] = await db
    .select({ total: count() })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(where);
  const { page, pages, offset } = pageQuery(total, rawPage);
  const rows = await paymentRows(where, order, offset);
  const same = await sameReferences(user, rows);
  return { rows: rows.map((row) => present(user, row, same.get(row.paymentId) ?? [])), total, page, pages };
}

/**
 * The staff's queue (docs/domain.md#pago-móvil): pago móvil transfers awaiting verification, all
 * of them page by page, oldest or newest first, and the payments received for bookings that ended
 * cancelled (a late payment whose car was taken), newest first, which staff must refund or rebook.
 */
export async function verificationQueue(
  user: Staff,
  query: { order?: QueueOrder; page?: string | null; flaggedPage?: string | null } = {},
): Promise<{ awaiting: QueuePage; flagged: QueuePage }> {
  const [awaiting, flagged] = await Promise.all([
    queuePage(
      user,
      and(verificationScope(user), eq(payments.method, "mobilePayment"), eq(payments.status, "pending")),
      query.order ?? "oldest",
      query.page ?? null,
    ),
    queuePage(
      user,
      and(verificationScope(user), eq(payments.status, "succeeded"), eq(bookings.status, "cancelled")),
      "newest",
      query.flaggedPage ?? null,
    ),
  ]);
  return { awaiting, flagged };
}

/**
 * Who may approve or reject (docs/security.md#payments): transfers land in the operator's
 * merchant account, whose statement only the operator's admins see, so only admins; a supplier's
 * staff see their queue read-only and for them every payment is a 404 here.
 */
function approvalScope(user: Staff): SQL {
  return user.type === "admin" ? verificationScope(user) : sql`false`;
}

/** A pago móvil payment the staff member may verify, with its status and booking's driver; null outside it. */
async function verifiable(user: Staff, paymentId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ status: payments.status, driverId: bookings.driverId, bookingId: payments.bookingId })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.id, paymentId), eq(payments.method, "mobilePayment"), approvalScope(user)));
  return row ?? null;
}

export type ApproveOutcome = Exclude<FulfilOutcome, "alreadyDone" | "notOwed"> | "handled" | "ownBooking" | "notFound";

/**
 * An admin saw the transfer arrive: the core confirms it once (booking paid, driver notified and
 * emailed, the booking's history naming the approver), and the approval is in the audit log with
 * it (docs/domain.md#audit). Nobody verifies a payment for their own booking
 * (docs/security.md#payments). A transfer for a booking already covered meanwhile (the counter
 * took the balance while it waited) is approved all the same, as a credit to refund
 * (docs/domain.md#credit): approving says the money is on the merchant's statement, and refusing
 * it would leave money received on no record; the queue warns before, the answer says so after.
 */
export async function approveMobilePayment(user: Staff, paymentId: number, now = new Date()): Promise<ApproveOutcome> {
  const found = await verifiable(user, paymentId);
  if (!found) return "notFound";
  if (found.driverId === user.id) return "ownBooking";
  if (found.status !== "pending") return "handled";
  const outcome = await fulfilPayment(paymentId, {
    verifiedBy: user.id,
    now,
    onConfirmed: (tx, booking) =>
      recordAudit(tx, user, {
        action: "payment.approve",
        subjectType: "payment",
        subjectId: paymentId,
        supplierId: booking.supplierId,
        changes: { status: ["pending", "succeeded"] },
      }),
  });
  // `notOwed` answers only `overpay: "refuse"`, which an approval never asks.
  if (outcome === "alreadyDone" || outcome === "notOwed") return "handled";
  await endCardAttemptsOnceCovered(found.bookingId);
  return outcome;
}

/**
 * An admin found no such transfer: the payment is `rejected` with the reason through
 * `failPayment`, which lets go of the car as for any failed payment (docs/domain.md#payments),
 * and the driver is told why, in the app and by email in their language, with a link to pay
 * again. Like approving, never for one's own booking.
 */
export async function rejectMobilePayment(
  user: Staff,
  paymentId: number,
  reason: string,
  now = new Date(),
): Promise<"rejected" | "handled" | "ownBooking" | "notFound"> {
  const found = await verifiable(user, paymentId);
  if (!found) return "notFound";
  if (found.driverId === user.id) return "ownBooking";
  if (found.status !== "pending") return "handled";
  await failPayment(paymentId, { status: "rejected", reason, now });
  return tellDriverOfRejection(paymentId, user.id, now);
}

/**
 * The rejection's audit (who, when: `verifiedBy` and the audit log, docs/domain.md#audit) and the
 * driver's notice, once: `verifiedBy` still empty on a rejected payment means nobody has told the
 * driver yet, and the locked row lets exactly one of two staff members rejecting at once do it. A
 * payment approved meanwhile is left alone.
 */
async function tellDriverOfRejection(paymentId: number, staffId: number, now: Date): Promise<"rejected" | "handled"> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (payment.status !== "rejected" || payment.verifiedBy !== null) return "handled";
    await tx
      .update(payments)
      .set({ verifiedBy: staffId, verifiedAt: now, updatedAt: now })
      .where(eq(payments.id, paymentId));
    const [booking] = await tx
      .select({
        id: bookings.id,
        reference: bookings.reference,
        supplierId: bookings.supplierId,
        driverId: bookings.driverId,
        email: users.email,
        fullName: users.fullName,
        language: users.language,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.driverId))
      .where(eq(bookings.id, payment.bookingId));
    const reason = String(payment.details.failure ?? "");
    await recordAudit(
      tx,
      { id: staffId },
      {
        action: "payment.reject",
        subjectType: "payment",
        subjectId: paymentId,
        supplierId: booking.supplierId,
        changes: { status: ["pending", "rejected"], reason: [null, reason] },
      },
    );
    await notify(tx, [
      {
        userId: booking.driverId,
        bookingId: booking.id,
        messageKey: "mobilePayment:notification.rejected",
        params: { reference: booking.reference, reason },
      },
    ]);
    await enqueueEmail(
      tx,
      {
        template: "mobile-payment-rejected",
        to: [booking.email],
        language: languageOrDefault(booking.language),
        data: {
          fullName: booking.fullName,
          reference: booking.reference,
          reason,
          link: new URL(methodHref("mobilePayment", booking.id, paymentGrant(booking.id)), getEnv().APP_URL).toString(),
        },
      },
      `mobile-payment-rejected-${paymentId}`,
    );
    return "rejected";
  });
}

/**
 * Transfers nobody verified within `MOBILE_PAYMENT_EXPIRY_MS` fail as "expired"
 * (docs/domain.md#pago-móvil) through `failPayment`, which lets go of the booking's car like any
 * failed payment. Run by the `expire-mobile-payments` job; safe to repeat (a failed payment no
 * longer matches, and failPayment changes only a pending one).
 */
export async function expireMobilePayments(now = new Date()): Promise<number> {
  const db = await getDb();
  const stale = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.method, "mobilePayment"),
        eq(payments.status, "pending"),
        lte(payments.createdAt, new Date(now.getTime() - MOBILE_PAYMENT_EXPIRY_MS)),
      ),
    )
    .orderBy(asc(payments.id));
  for (const { id } of stale) await failPayment(id, { status: "failed", reason: "expired", now });
  return stale.length;
}

/**
 * submitMobilePayment under its limit (docs/security.md#rate-limits): per booking, counted before
 * the answer, so references cannot be tried by the hundred. The page and the API call this one.
 */
export async function submitMobilePaymentLimited(
  booking: PayableBooking,
  input: MobilePaymentInput,
  now = new Date(),
): Promise<SubmitOutcome | "rateLimited"> {
  if (!(await consume("payment-submit", String(booking.id)))) return "rateLimited";
  return submitMobilePayment(booking, input, now);
}
