import { and, asc, eq } from "drizzle-orm";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { formatInstant } from "~/modules/i18n/date-time.server";
import { formatBolivars, formatCents } from "~/modules/i18n/format";
import { getFixedT } from "~/modules/i18n/i18n.server";
import type { Language } from "~/modules/i18n/languages";
import { depositText, priceLines, priceLineText } from "~/modules/pricing/price-lines";
import type { Deposit, PriceBreakdown } from "~/modules/pricing/pricing";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { getDb, schema } from "~/utils/db.server";
import { depositEntryText, type DepositEntry } from "./deposit-ledger";
import { depositLedgerOf } from "./deposit-ledger.server";
import { formatBolivarDecimal } from "./mobile-payment";
import { readableReference } from "./reference";
import { paymentTaxLines } from "./taxes";
import type { SessionUser } from "~/utils/session.server";
import { placeName } from "~/modules/i18n/place-name";
import { CONTENT_WIDTH, PAGE, pdfDocument } from "./pdf.server";

const { payments } = schema;

type Place = { name: string; address: string; timeZone: string; at: Date };

/** Everything a receipt shows, read once and rendered in the reader's language. */
export type ReceiptData = {
  number: string;
  issuedAt: Date;
  reference: string;
  driver: { fullName: string; email: string };
  car: string;
  supplier: string;
  pickup: Place;
  dropoff: Place;
  days: number;
  breakdown: PriceBreakdown;
  /** The deposit the booking was made with and how it is taken (docs/domain.md#deposit). */
  deposit: Deposit;
  priceCents: number;
  /** The succeeded payments, oldest first (a pay-later booking may be paid in more than one). */
  payments: ReceivedPayment[];
  /** The deposit's ledger entries, oldest first, and what is still held (docs/domain.md#deposit-ledger). */
  depositLedger: { entries: DepositEntry[]; heldCents: number };
};

/**
 * One payment as people read it (docs/domain.md#payments): its readable reference (never the
 * internal unique key) and, for a payment in bolívares (pago móvil, bank transfer), the bolívares
 * paid and the rate, as stored when the transfer was submitted; its IGTF line, if any.
 */
export type ReceivedPayment = {
  method: string;
  reference: string | null;
  amountCents: number;
  bolivars: { amount: string; rate: string } | null;
  /** The rate the payment kept (docs/domain.md#the-days-rate), as stored ("36.5000"), and its date. */
  rate: { rate: string; date: string } | null;
  /** The IGTF paid on top (docs/domain.md#igtf); 0 for none. */
  igtfCents: number;
  paidAt: Date;
};

/** A receipt states money that was received: the booking's succeeded payments. */
const succeededPayments = (bookingId: number) =>
  and(eq(payments.bookingId, bookingId), eq(payments.status, "succeeded"));

export type ReceiptLookup = { ok: true; receipt: ReceiptData } | { ok: false; reason: "notFound" | "notPaid" };

/**
 * The receipt of one booking in `user`'s scope (docs/security.md#accounts-and-access: outside it
 * is "notFound", like a missing booking). Only a `paid` booking with a succeeded payment has one
 * (docs/domain.md#payments).
 */
export async function loadReceipt(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  bookingId: number,
  language: Language,
  now = new Date(),
): Promise<ReceiptLookup> {
  const detail = await bookingDetail(user, bookingId);
  if (!detail) return { ok: false, reason: "notFound" };
  const { booking, car, supplier, pickup, dropoff, driver, deposit } = detail;
  if (booking.status !== "paid") return { ok: false, reason: "notPaid" };
  const paid = await receivedPayments(booking.id);
  if (!hasReceipt(booking.status, paid)) return { ok: false, reason: "notPaid" };
  const name = (p: typeof pickup) => placeName(p, language);
  const ledger = await depositLedgerOf(booking.id);
  return {
    ok: true,
    receipt: {
      // One number per booking and payment, so a reprint carries the same number.
      number: `${booking.reference}-${paid[paid.length - 1].id}`,
      issuedAt: now,
      reference: booking.reference,
      driver: { fullName: driver.fullName, email: driver.email },
      car: car.name,
      supplier: supplier.name,
      pickup: { name: name(pickup), address: pickup.address, timeZone: pickup.timeZone, at: booking.startsAt },
      dropoff: { name: name(dropoff), address: dropoff.address, timeZone: dropoff.timeZone, at: booking.endsAt },
      days: booking.days,
      breakdown: booking.breakdown,
      deposit,
      priceCents: booking.priceCents,
      payments: paid,
      depositLedger: { entries: ledger.entries, heldCents: ledger.balance.heldCents },
    },
  };
}

/**
 * The succeeded payments of a booking already in the caller's scope, oldest first, as the receipt
 * and the booking page show them.
 */
export async function receivedPayments(bookingId: number): Promise<Array<ReceivedPayment & { id: number }>> {
  const db = await getDb();
  const paid = await db
    .select({
      id: payments.id,
      method: payments.method,
      providerReference: payments.providerReference,
      details: payments.details,
      amountCents: payments.amountCents,
      verifiedAt: payments.verifiedAt,
      updatedAt: payments.updatedAt,
    })
    .from(payments)
    .where(succeededPayments(bookingId))
    .orderBy(asc(payments.id));
  return paid.map((p) => {
    const amountBs = formatBolivarDecimal(String(p.details.amountBs ?? ""));
    return {
      id: p.id,
      method: p.method,
      reference: readableReference(p.method, p.providerReference, p.details),
      amountCents: p.amountCents,
      // The stored rate ("245.5000") as people write it ("245.5").
      bolivars: amountBs ? { amount: amountBs, rate: String(p.details.rate ?? "").replace(/\.?0+$/, "") } : null,
      rate:
        typeof p.details.rate === "string" ? { rate: p.details.rate, date: String(p.details.rateDate ?? "") } : null,
      igtfCents: Number(p.details.igtfCents ?? 0),
      paidAt: p.verifiedAt ?? p.updatedAt,
    };
  });
}

/** Only a `paid` booking with a succeeded payment has a receipt (the booking page's link and the receipt agree). */
export const hasReceipt = (status: string, succeeded: readonly unknown[]) => status === "paid" && succeeded.length > 0;

/** The receipt as a PDF (A4), every text in `language`, amounts per docs/domain.md#formatting. */
export async function renderReceipt(receipt: ReceiptData, language: Language): Promise<Buffer> {
  const t = getFixedT(language, ["receipt", "bookings"]);
  const { doc, left, heading, row, line, rule, finish } = await pdfDocument(language, {
    Title: `${t("receipt:title")} ${receipt.number}`,
    CreationDate: receipt.issuedAt,
  });
  const when = (place: Place) =>
    `${formatInstant(place.at, language, place.timeZone)} (${t("bookings:detail.timeZone", { zone: place.timeZone })})`;

  doc.font("bold").fontSize(24).text("Rueda", left, PAGE.margin);
  doc.font("regular").fontSize(16).text(t("receipt:title"));
  doc.moveDown(0.5).fontSize(10);
  row(t("receipt:number"), receipt.number, "bold");
  row(t("receipt:issued"), formatInstant(receipt.issuedAt, language, APP_TIME_ZONE, false));
  row(t("receipt:reference"), receipt.reference, "bold");

  heading(t("receipt:booking"));
  row(t("bookings:columns.driver"), `${receipt.driver.fullName}\n${receipt.driver.email}`);
  row(t("bookings:columns.car"), receipt.car);
  row(t("bookings:columns.supplier"), receipt.supplier);
  row(t("bookings:detail.pickup"), `${receipt.pickup.name}, ${receipt.pickup.address}\n${when(receipt.pickup)}`);
  row(t("bookings:detail.dropoff"), `${receipt.dropoff.name}, ${receipt.dropoff.address}\n${when(receipt.dropoff)}`);
  row(t("bookings:columns.days"), String(receipt.days));

  // The booking page's and the email's lines (docs/domain.md#price-lines).
  heading(t("receipt:breakdown"));
  const translate = (key: string, values?: Record<string, unknown>) => t(key, values ?? {});
  for (const priced of priceLines(receipt.breakdown)) {
    const { label, amount } = priceLineText(translate, formatCents, priced);
    if (priced.kind === "total") rule();
    line(label, amount, priced.kind === "total" ? "bold" : "regular");
  }
  const deposit = depositText(translate, formatCents, receipt.deposit);
  if (deposit) row(t("price:deposit.label"), `${deposit}. ${t("price:deposit.notInTotal")}`);
  row("", t("price:taxes"));

  heading(t("receipt:payment"));
  for (const payment of receipt.payments) {
    row(t("bookings:detail.paymentMethod"), t(`bookings:paymentMethods.${payment.method}`));
    if (payment.reference) row(t("receipt:providerReference"), payment.reference);
    if (payment.bolivars) row(t("receipt:bolivars"), t("receipt:bolivarsLine", payment.bolivars));
    row(t("receipt:paidAt"), formatInstant(payment.paidAt, language, APP_TIME_ZONE));
    row(t("receipt:amount"), formatCents(payment.amountCents));
  }
  rule();
  line(t("receipt:amountPaid"), formatCents(receipt.payments.reduce((sum, p) => sum + p.amountCents, 0)), "bold");

  // docs/domain.md#receipt-taxes: base and IVA within each payment, its IGTF apart, in bolívares at its own rate.
  heading(t("receipt:taxes.title"));
  for (const payment of receipt.payments) {
    const lines = paymentTaxLines({ ...payment, rate: payment.rate?.rate ?? null });
    const both = (amount: { cents: number; centimos: bigint | null }) =>
      amount.centimos === null
        ? formatCents(amount.cents)
        : `${formatCents(amount.cents)} · ${formatBolivars(amount.centimos)}`;
    row(
      t(`bookings:paymentMethods.${payment.method}`),
      payment.rate
        ? t("receipt:taxes.rate", { rate: payment.rate.rate.replace(/\.?0+$/, ""), date: payment.rate.date })
        : "",
      "bold",
    );
    row(t("receipt:taxes.base"), both(lines.base));
    row(t("receipt:taxes.iva"), both(lines.iva));
    if (lines.igtf) row(t("receipt:taxes.igtf"), both(lines.igtf));
  }

  // docs/domain.md#deposit-ledger: the deposit is not a payment of the price; its movements apart.
  if (receipt.depositLedger.entries.length > 0) {
    heading(t("bookings:deposit.title"));
    for (const entry of receipt.depositLedger.entries)
      line(depositEntryText(translate, entry), formatCents(entry.amountCents));
    rule();
    line(t("bookings:deposit.held"), formatCents(receipt.depositLedger.heldCents), "bold");
  }

  doc
    .moveDown(2)
    .fontSize(9)
    .fillColor("#555555")
    .text(`${t("receipt:footer", { zone: APP_TIME_ZONE })} ${t("receipt:notFiscal")}`, left, doc.y, {
      width: CONTENT_WIDTH,
    });
  return finish();
}
