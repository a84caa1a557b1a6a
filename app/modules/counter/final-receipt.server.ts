import { eq } from "drizzle-orm";
import { bookingDetail, bookingDetailIn } from "~/modules/booking/booking-detail.server";
import { formatInstant } from "~/modules/i18n/date-time.server";
import { formatCents, formatNumber } from "~/modules/i18n/format";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { languageOrDefault, type Language } from "~/modules/i18n/languages";
import { placeName } from "~/modules/i18n/place-name";
import { PAGE, pdfDocument } from "~/modules/payment/pdf.server";
import type { FinalBill } from "~/modules/pricing/final-bill";
import { finalBillLines, finalBillLineText } from "~/modules/pricing/final-bill-lines";
import { depositEntryText } from "~/modules/payment/deposit-ledger";
import { depositLedgerOf } from "~/modules/payment/deposit-ledger.server";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { inspectionOf } from "./inspection.server";
import { printInspection } from "./inspection-pdf.server";
import type { SessionUser } from "~/utils/session.server";

const { cars, rentals } = schema;

/**
 * The final receipt of a returned rental (docs/domain.md#return) as a PDF in the driver's
 * language (the one stored with the record), made from the stored record and its stored bill,
 * read through `executor` (the return's transaction, for its email). Null when the car is not
 * back yet.
 */
export async function finalReceiptPdf(
  executor: Executor,
  bookingId: number,
): Promise<{ reference: string; pdf: Buffer; bill: FinalBill; language: Language } | null> {
  const detail = await bookingDetailIn(executor, bookingId);
  if (!detail) return null;
  const [row] = await executor
    .select({ rental: rentals, plate: cars.plate })
    .from(rentals)
    .innerJoin(cars, eq(cars.id, detail.booking.carId))
    .where(eq(rentals.bookingId, bookingId));
  const bill = row?.rental.finalBill;
  const returnedAt = row?.rental.returnedAt;
  const odometerInKm = row?.rental.odometerInKm;
  const fuelInEighths = row?.rental.fuelInEighths;
  if (!row || !bill || !returnedAt || odometerInKm == null || fuelInEighths == null) return null;
  const { booking, car, supplier, pickup, dropoff, driver } = detail;
  const { rental } = row;
  const language = languageOrDefault(rental.language);
  const t = getFixedT(language, ["receipt", "bookings", "price", "adminDashboard"]);
  const {
    doc,
    left,
    heading,
    row: pair,
    line,
    rule,
    finish,
  } = await pdfDocument(language, {
    Title: `${t("receipt:final.title")} ${booking.reference}`,
    CreationDate: returnedAt,
  });
  const when = (at: Date, zone: string) =>
    `${formatInstant(at, language, zone)} (${t("bookings:detail.timeZone", { zone })})`;
  const km = (n: number) => t("receipt:agreement.km", { km: formatNumber(n) });
  const eighths = (level: number) => t("receipt:agreement.eighths", { level });

  doc.font("bold").fontSize(24).text("Rueda", left, PAGE.margin);
  doc.font("regular").fontSize(16).text(t("receipt:final.title"));
  doc.moveDown(0.5).fontSize(10);
  pair(t("receipt:reference"), booking.reference, "bold");
  pair(t("receipt:agreement.supplier"), supplier.name);
  pair(t("receipt:agreement.driver"), driver.fullName);
  pair(t("bookings:columns.car"), `${car.name}\n${t("receipt:agreement.plate")}: ${row.plate ?? "—"}`);

  heading(t("receipt:final.rental"));
  pair(
    t("receipt:agreement.pickedUpAt"),
    `${placeName(pickup, language)}\n${when(rental.pickedUpAt, pickup.timeZone)}`,
  );
  pair(t("receipt:final.due"), `${placeName(dropoff, language)}\n${when(booking.endsAt, dropoff.timeZone)}`);
  pair(t("receipt:final.returnedAt"), when(returnedAt, dropoff.timeZone));
  pair(t("receipt:final.odometer"), `${km(rental.odometerOutKm)} → ${km(odometerInKm)}`);
  pair(t("receipt:final.driven"), km(bill.drivenKm));
  pair(t("receipt:final.fuel"), `${eighths(rental.fuelOutEighths)} → ${eighths(fuelInEighths)}`);

  // docs/domain.md#inspection: what the walk-around found as the car came back (the pick-up's is on the agreement).
  heading(t("receipt:final.inspection"));
  printInspection({ doc, left, row: pair }, (key) => t(key), (await inspectionOf(executor, bookingId)).in, {
    photos: t("receipt:agreement.photos"),
    damage: t("receipt:final.newDamage"),
    none: t("receipt:final.noNewDamage"),
  });

  // The return page's and the booking page's lines (docs/domain.md#final-bill).
  heading(t("receipt:final.bill"));
  const translate = (key: string, values?: Record<string, unknown>) => t(key, values ?? {});
  for (const billed of finalBillLines(bill)) {
    const { label, amount } = finalBillLineText(translate, formatCents, formatNumber, billed);
    const total = billed.kind === "extras" || billed.kind === "stillToPay";
    if (total) rule();
    line(label, amount, total ? "bold" : "regular");
  }
  // docs/domain.md#deposit-ledger: the deposit's entries as they stand, and what is still held.
  const ledger = await depositLedgerOf(bookingId, executor);
  if (ledger.entries.length > 0) {
    heading(t("bookings:deposit.title"));
    for (const entry of ledger.entries)
      line(depositEntryText(translate, entry), formatCents(entry.amountCents), "regular");
    rule();
    line(t("bookings:deposit.held"), formatCents(ledger.balance.heldCents), "bold");
  }
  doc.moveDown(1).text(t("receipt:final.footer"), left, doc.y, { width: PAGE.width - 2 * PAGE.margin });
  return { reference: booking.reference, pdf: await finish(), bill, language };
}

/**
 * Makes the kept final receipt again after a refund of the deposit (docs/domain.md#deposit-ledger),
 * in the refund's transaction: its ledger lists the refund; its stored bill is the same.
 */
export async function keepFinalReceipt(tx: Executor, bookingId: number): Promise<void> {
  const receipt = await finalReceiptPdf(tx, bookingId);
  if (receipt) await tx.update(rentals).set({ finalReceiptPdf: receipt.pdf }).where(eq(rentals.bookingId, bookingId));
}

/**
 * The final receipt for `user`: the booking's driver, its supplier's staff, admins (the booking
 * page's scope); null for anyone else and before the return, so nobody learns which bookings exist.
 */
export async function finalReceipt(user: Pick<SessionUser, "id" | "type" | "supplierId">, bookingId: number) {
  const detail = await bookingDetail(user, bookingId);
  if (!detail?.rental || detail.rental.state === "out") return null;
  const db = await getDb();
  // The document kept at the return; a record from before it was kept is made again.
  const [kept] = await db
    .select({ pdf: rentals.finalReceiptPdf })
    .from(rentals)
    .where(eq(rentals.bookingId, bookingId));
  if (kept?.pdf) return { reference: detail.booking.reference, pdf: Buffer.from(kept.pdf) };
  return finalReceiptPdf(db, bookingId);
}
