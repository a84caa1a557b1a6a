import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { tellStaff } from "~/modules/booking/tell-staff.server";
import { formatBolivars, formatCents } from "~/modules/i18n/format";
import { bolivarCentimos } from "~/modules/pricing/bolivars";
import { consume } from "~/modules/security/rate-limit.server";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { paymentSettings, type PaymentSettings } from "./config.server";
import { centimosToDecimal, formatBolivarDecimal, formatRif, paymentDateProblem } from "./mobile-payment";
import { canTakePayment, type PayableBooking } from "./payable.server";
import { recordPayment } from "./record.server";
import {
  formatAccountNumber,
  igtfFor,
  transferProviderReference,
  verifiedMethods,
  type TransferInput,
  type TransferMethod,
} from "./transfer";

const { banks, bookings, payments, suppliers } = schema;

/** Whether the booking's supplier collects IGTF (docs/domain.md#igtf). */
async function collectsIgtf(executor: Executor, supplierId: number): Promise<boolean> {
  const [row] = await executor
    .select({ collects: suppliers.collectsIgtf })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  return row?.collects ?? false;
}

/** What transfers still awaiting staff would pay of the booking: a part submitted is not asked twice. */
async function awaitingCents(executor: Executor, bookingId: number): Promise<number> {
  const [row] = await executor
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, "pending"),
        inArray(payments.method, [...verifiedMethods]),
      ),
    );
  return Number(row?.cents ?? 0);
}

/** The account the payer sends to, as the page shows it; null when the method is off. */
function accountOf(method: TransferMethod, settings: PaymentSettings | null) {
  if (method === "zelle") return settings?.zelle ? { kind: "zelle" as const, ...settings.zelle } : null;
  const bank = settings?.bankTransfer;
  if (!bank || !settings.rate) return null;
  return {
    kind: "bankTransfer" as const,
    bank: `${bank.bankCode} · ${bank.bankName}`,
    account: formatAccountNumber(bank.account),
    holder: bank.holder,
    rif: formatRif(bank.rif),
  };
}

/**
 * What the Zelle or bank transfer page shows (docs/domain.md#transfers) for a part of `cents`
 * (default: all that no transfer awaiting staff covers yet): the account, the exact amount to send
 * — dollars plus their IGTF line by Zelle to a supplier that collects it, bolívares at today's rate
 * by transfer (docs/domain.md#igtf) — and the booking's split so far. Null when the method is off.
 */
export async function transferPage(booking: PayableBooking, method: TransferMethod, cents: number | null) {
  const settings = await paymentSettings();
  const account = accountOf(method, settings);
  if (!account) return null;
  const db = await getDb();
  const [collects, awaiting, made] = await Promise.all([
    collectsIgtf(db, booking.supplierId),
    awaitingCents(db, booking.id),
    db
      .select({
        id: payments.id,
        method: payments.method,
        status: payments.status,
        amountCents: payments.amountCents,
        details: payments.details,
      })
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), inArray(payments.status, ["pending", "succeeded"])))
      .orderBy(asc(payments.id)),
  ]);
  const open = Math.max(0, booking.balanceCents - awaiting);
  const partCents = cents !== null && cents <= open ? cents : open;
  const igtf = igtfFor(method, partCents, collects);
  const rate = settings?.rate ?? null;
  const bs = (usdCents: number) => (rate ? formatBolivars(bolivarCentimos(usdCents, rate.usdToBsRate)) : null);
  return {
    account,
    /** The part asked: within what is open, else the whole of it (the form says why). */
    partCents,
    tooMuch: cents !== null && cents > open,
    openCents: open,
    send: {
      part: formatCents(partCents),
      igtf: igtf > 0 ? formatCents(igtf) : null,
      total: formatCents(partCents + igtf),
      bs: method === "bankTransfer" ? bs(partCents) : null,
    },
    rate: rate ? { rate: rate.usdToBsRate.replace(/\.?0+$/, ""), date: rate.rateDate } : null,
    balance: { usd: formatCents(booking.balanceCents), bs: bs(booking.balanceCents) },
    /** The split so far (docs/domain.md#transfers): each part received or awaiting staff, and how. */
    parts: made.map((part) => ({
      id: part.id,
      method: part.method,
      status: part.status,
      amount: formatCents(part.amountCents),
      igtf: Number(part.details.igtfCents ?? 0) > 0 ? formatCents(Number(part.details.igtfCents)) : null,
      amountBs: formatBolivarDecimal(String(part.details.amountBs ?? "")),
    })),
  };
}

export type TransferRefusal =
  "unavailable" | "notPayable" | "tooMuch" | "unknownBank" | "dateFuture" | "dateBeforeBooking" | "duplicate";
export type TransferOutcome = { ok: true; paymentId: number } | { ok: false; reason: TransferRefusal };

/** What the payer is told of each refusal: the field it belongs to (or the whole form) and the message. */
export const transferRefusals: Record<TransferRefusal, { field: "bank" | "date" | null; message: string }> = {
  tooMuch: { field: null, message: "transfer:errors.tooMuch" },
  unknownBank: { field: "bank", message: "mobilePayment:errors.bank" },
  dateFuture: { field: "date", message: "mobilePayment:errors.dateFuture" },
  dateBeforeBooking: { field: "date", message: "mobilePayment:errors.dateBeforeBooking" },
  duplicate: { field: null, message: "transfer:errors.duplicate" },
  notPayable: { field: null, message: "mobilePayment:errors.notPayable" },
  unavailable: { field: null, message: "transfer:errors.unavailable" },
};

/**
 * The payer's Zelle or bank transfer (docs/domain.md#transfers), recorded as a payment of the part
 * it pays, awaiting staff. The booking row is locked, so parts awaiting staff never add up past the
 * balance; the unique provider reference refuses one transfer twice, across bookings and races.
 * The payment keeps today's rate and, by Zelle to a supplier that collects it, its IGTF line,
 * which is not part of what the booking is due (docs/domain.md#igtf).
 */
export async function submitTransfer(
  booking: PayableBooking,
  method: TransferMethod,
  input: TransferInput,
  now = new Date(),
): Promise<TransferOutcome> {
  const settings = await paymentSettings(now);
  if (!accountOf(method, settings)) return { ok: false, reason: "unavailable" };
  const rate = settings?.rate ?? null;
  const dateProblem = paymentDateProblem(input.date, { now, bookingCreatedAt: booking.createdAt });
  if (dateProblem === "future") return { ok: false, reason: "dateFuture" };
  if (dateProblem !== null) return { ok: false, reason: "dateBeforeBooking" };
  const db = await getDb();
  if (method === "bankTransfer") {
    const [bank] = await db
      .select({ code: banks.code })
      .from(banks)
      .where(eq(banks.code, input.bank ?? ""));
    if (!bank) return { ok: false, reason: "unknownBank" };
  }
  return db.transaction(async (tx): Promise<TransferOutcome> => {
    const [current] = await tx
      .select({ status: bookings.status, holdExpiresAt: bookings.holdExpiresAt })
      .from(bookings)
      .where(eq(bookings.id, booking.id))
      .for("update");
    if (!current || !canTakePayment({ ...current, balanceCents: booking.balanceCents }, now))
      return { ok: false, reason: "notPayable" };
    if (input.amount > booking.balanceCents - (await awaitingCents(tx, booking.id)))
      return { ok: false, reason: "tooMuch" };
    const igtf = igtfFor(method, input.amount, await collectsIgtf(tx, booking.supplierId));
    // Bolívares only for the bank transfer: a Zelle payment is in dollars, and keeps the rate for its receipt.
    const centimos = method === "bankTransfer" && rate ? bolivarCentimos(input.amount, rate.usdToBsRate) : null;
    const recorded = await recordPayment(tx, {
      bookingId: booking.id,
      method,
      amountCents: input.amount,
      providerReference: transferProviderReference(method, input),
      details: {
        reference: input.reference,
        date: input.date,
        bank: input.bank ?? null,
        igtfCents: igtf,
        amountBs: centimos === null ? null : centimosToDecimal(centimos),
        // The payment keeps the rate it used: its receipt never follows a later one.
        rate: rate?.usdToBsRate ?? null,
        rateDate: rate?.rateDate ?? null,
      },
      awaitingVerification: true,
    });
    if (!recorded.ok) return { ok: false, reason: "duplicate" };
    await tellStaff(tx, booking.id, {
      kind: "transferWaiting",
      paymentId: recorded.paymentId,
      amountCents: input.amount + igtf,
      amountBs: centimos === null ? "" : formatBolivars(centimos),
    });
    return recorded;
  });
}

/** submitTransfer under the payment pages' limit (docs/security.md#rate-limits), per booking. */
export async function submitTransferLimited(
  booking: PayableBooking,
  method: TransferMethod,
  input: TransferInput,
  now = new Date(),
): Promise<TransferOutcome | "rateLimited"> {
  if (!(await consume("payment-submit", String(booking.id)))) return "rateLimited";
  return submitTransfer(booking, method, input, now);
}
