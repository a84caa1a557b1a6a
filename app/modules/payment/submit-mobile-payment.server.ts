import { and, asc, desc, eq } from "drizzle-orm";
import { tellStaff } from "~/modules/booking/tell-staff.server";
import { formatVenezuelanPhone } from "~/modules/forms/phone";
import { formatBolivars, formatCents } from "~/modules/i18n/format";
import { bolivarCentimos } from "~/modules/pricing/bolivars";
import { consume } from "~/modules/security/rate-limit.server";
import { getDb, schema } from "~/utils/db.server";
import { paymentSettings } from "./config.server";
import {
  centimosToDecimal,
  formatRif,
  mobilePaymentMessages,
  mobileProviderReference,
  paymentDateProblem,
  type MobilePaymentInput,
} from "./mobile-payment";
import { canTakePayment, type PayableBooking } from "./payable.server";
import { recordPayment } from "./record.server";

const { banks, bookings, payments } = schema;

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
 * and the balance in bolívares at today's rate (docs/domain.md#exchange-rate); null when pago móvil is
 * not configured or no rate applies yet.
 */
export async function mobilePaymentPage(booking: PayableBooking): Promise<MobilePaymentPage | null> {
  const settings = await paymentSettings();
  const rate = settings?.rate;
  if (!settings || !rate) return null;
  const centimos = bolivarCentimos(booking.balanceCents, rate.usdToBsRate);
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
      rate: rate.usdToBsRate.replace(/\.?0+$/, ""),
      rateDate: rate.rateDate,
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
  const rate = (await paymentSettings(now))?.rate;
  if (!rate) return { ok: false, reason: "unavailable" };
  const dateProblem = paymentDateProblem(input.date, { now, bookingCreatedAt: booking.createdAt });
  if (dateProblem === "future") return { ok: false, reason: "dateFuture" };
  if (dateProblem !== null) return { ok: false, reason: "dateBeforeBooking" };
  const db = await getDb();
  const [bank] = await db.select({ code: banks.code }).from(banks).where(eq(banks.code, input.bank));
  if (!bank) return { ok: false, reason: "unknownBank" };
  const amountCents = booking.balanceCents;
  const centimos = bolivarCentimos(amountCents, rate.usdToBsRate);
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
        // The payment keeps the rate it used: its receipt never follows a later one.
        rate: rate.usdToBsRate,
        rateDate: rate.rateDate,
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
