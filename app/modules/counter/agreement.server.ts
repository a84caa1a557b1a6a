import { eq } from "drizzle-orm";
import { bookingDetail, bookingDetailIn } from "~/modules/booking/booking-detail.server";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { formatInstant } from "~/modules/i18n/date-time.server";
import { formatCents, formatNumber } from "~/modules/i18n/format";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { languageOrDefault } from "~/modules/i18n/languages";
import { placeName } from "~/modules/i18n/place-name";
import { notify } from "~/modules/notification/notify.server";
import { CONTENT_WIDTH, PAGE, pdfDocument } from "~/modules/payment/pdf.server";
import { depositText, priceLines, priceLineText } from "~/modules/pricing/price-lines";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import type { SessionUser } from "~/utils/session.server";
import { inspectionOf } from "./inspection.server";
import { printInspection } from "./inspection-pdf.server";

const { cars, rentals, suppliers, users } = schema;

/** The box the drawn signature is printed in, in PDF points. */
const SIGNATURE_BOX = { width: 240, height: 80 };

/**
 * The signed rental agreement of a booking in `user`'s scope (the booking page's: its driver,
 * its supplier's staff, admins), as a PDF in the driver's language: the one kept at the pick-up
 * (docs/domain.md#rental-agreement). Null outside the scope or before the
 * pick-up, so nobody learns which bookings exist.
 */
export async function rentalAgreement(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  bookingId: number,
): Promise<{ reference: string; pdf: Buffer } | null> {
  const scoped = await bookingDetail(user, bookingId);
  if (!scoped?.rental) return null;
  const db = await getDb();
  // The document kept at the pick-up; a record from before it was kept is made again.
  const [kept] = await db.select({ pdf: rentals.agreementPdf }).from(rentals).where(eq(rentals.bookingId, bookingId));
  if (kept?.pdf) return { reference: scoped.booking.reference, pdf: Buffer.from(kept.pdf) };
  return agreementPdf(db, bookingId);
}

/**
 * The agreement of booking `bookingId`, read through `executor` whoever asks: the pick-up's
 * transaction, which has just written the record, attaches it to the driver's email. Null
 * before the pick-up.
 */
export async function agreementPdf(
  executor: Executor,
  bookingId: number,
): Promise<{ reference: string; pdf: Buffer } | null> {
  const detail = await bookingDetailIn(executor, bookingId);
  if (!detail?.rental) return null;
  const [row] = await executor
    .select({
      rental: rentals,
      plate: cars.plate,
      fuelPolicy: cars.fuelPolicy,
      mileage: cars.mileage,
      rif: suppliers.rif,
      fiscalAddress: suppliers.fiscalAddress,
      licenceNumber: users.licenceNumber,
      licenceCountry: users.licenceCountry,
      licenceExpiresOn: users.licenceExpiresOn,
    })
    .from(rentals)
    .innerJoin(cars, eq(cars.id, detail.booking.carId))
    .innerJoin(suppliers, eq(suppliers.id, detail.booking.supplierId))
    .innerJoin(users, eq(users.id, detail.booking.driverId))
    .where(eq(rentals.bookingId, bookingId));
  if (!row) return null;
  const { booking, car, supplier, pickup, dropoff, driver, deposit } = detail;
  const { rental } = row;
  const language = languageOrDefault(rental.language);
  const t = getFixedT(language, ["receipt", "bookings", "price", "catalogue", "adminDashboard"]);
  const {
    doc,
    left,
    heading,
    row: line2,
    line,
    rule,
    finish,
  } = await pdfDocument(language, {
    Title: `${t("receipt:agreement.title")} ${booking.reference}`,
    CreationDate: rental.signedAt,
  });
  const when = (at: Date, zone: string) =>
    `${formatInstant(at, language, zone)} (${t("bookings:detail.timeZone", { zone })})`;

  doc.font("bold").fontSize(24).text("Rueda", left, PAGE.margin);
  doc.font("regular").fontSize(16).text(t("receipt:agreement.title"));
  doc.moveDown(0.5).fontSize(10);
  line2(t("receipt:reference"), booking.reference, "bold");

  heading(t("receipt:agreement.parties"));
  line2(
    t("receipt:agreement.supplier"),
    [supplier.name, `${t("receipt:agreement.rif")}: ${row.rif ?? "—"}`, row.fiscalAddress ?? ""]
      .filter(Boolean)
      .join("\n"),
  );
  line2(
    t("receipt:agreement.driver"),
    [
      driver.fullName,
      driver.email,
      row.licenceNumber
        ? t("receipt:agreement.licence", {
            number: row.licenceNumber,
            country: row.licenceCountry ?? "",
            expires: row.licenceExpiresOn ?? "",
          })
        : "",
    ]
      .filter(Boolean)
      .join("\n"),
  );

  heading(t("receipt:agreement.rental"));
  line2(t("bookings:columns.car"), `${car.name}\n${t("receipt:agreement.plate")}: ${row.plate ?? "—"}`);
  line2(
    t("bookings:detail.pickup"),
    `${placeName(pickup, language)}, ${pickup.address}\n${when(booking.startsAt, pickup.timeZone)}`,
  );
  line2(
    t("bookings:detail.dropoff"),
    `${placeName(dropoff, language)}, ${dropoff.address}\n${when(booking.endsAt, dropoff.timeZone)}`,
  );
  line2(t("catalogue:filters.fuelPolicy"), t(`catalogue:fuelPolicy.${row.fuelPolicy}`));
  line2(
    t("catalogue:filters.mileage"),
    row.mileage === -1 ? t("catalogue:mileage.unlimited") : t("catalogue:mileage.perDay", { km: row.mileage }),
  );

  // The booking page's, the email's and the receipt's lines (docs/domain.md#price-lines).
  heading(t("receipt:breakdown"));
  const translate = (key: string, values?: Record<string, unknown>) => t(key, values ?? {});
  for (const priced of priceLines(booking.breakdown)) {
    const { label, amount } = priceLineText(translate, formatCents, priced);
    if (priced.kind === "total") rule();
    line(label, amount, priced.kind === "total" ? "bold" : "regular");
  }
  const depositLine = depositText(translate, formatCents, deposit);
  if (depositLine) line2(t("price:deposit.label"), `${depositLine}. ${t("price:deposit.notInTotal")}`);

  heading(t("receipt:agreement.atPickup"));
  line2(t("receipt:agreement.pickedUpAt"), when(rental.pickedUpAt, pickup.timeZone));
  line2(t("adminDashboard:pickup.odometer"), t("receipt:agreement.km", { km: formatNumber(rental.odometerOutKm) }));
  line2(t("adminDashboard:pickup.fuel"), t("receipt:agreement.eighths", { level: rental.fuelOutEighths }));
  line2(
    t("adminDashboard:pickup.deposit"),
    rental.depositCents > 0
      ? `${formatCents(rental.depositCents)} · ${t(`adminDashboard:pickup.depositTakenMethods.${rental.depositTaken}`)}`
      : t("receipt:agreement.noDeposit"),
  );

  // docs/domain.md#inspection: what the walk-around found as the car went out.
  heading(t("receipt:agreement.inspection"));
  printInspection({ doc, left, row: line2 }, (key) => t(key), (await inspectionOf(executor, bookingId)).out, {
    photos: t("receipt:agreement.photos"),
    damage: t("receipt:agreement.damage"),
    none: t("receipt:agreement.noDamage"),
  });

  heading(t("receipt:agreement.terms"));
  for (const n of [1, 2, 3, 4])
    doc.text(t(`receipt:agreement.term${n}`), left, doc.y, { width: CONTENT_WIDTH }).moveDown(0.3);

  heading(t("receipt:agreement.signature"));
  if (rental.signature) {
    // The drawing above the name, as on paper, scaled into its box keeping the pad's proportions.
    if (doc.y + SIGNATURE_BOX.height > doc.page.maxY()) doc.addPage();
    const top = doc.y;
    doc.image(rental.signature, left, top, { fit: [SIGNATURE_BOX.width, SIGNATURE_BOX.height] });
    doc.y = top + SIGNATURE_BOX.height + 4;
  }
  line2(t("receipt:agreement.signedBy"), rental.signerName, "bold");
  line2(t("receipt:agreement.signedAt"), when(rental.signedAt, pickup.timeZone));
  return { reference: booking.reference, pdf: await finish() };
}

/**
 * Tells the driver their agreement is signed (docs/domain.md#rental-agreement): an in-app
 * notification and the "your rental agreement" email with the PDF attached, in the driver's
 * language, written in the pick-up's transaction. The email is the outbox job
 * `rental-agreement-<booking>`, so a booking's driver gets it once.
 */
export async function tellDriverOfAgreement(tx: Executor, bookingId: number) {
  const detail = await bookingDetailIn(tx, bookingId);
  const agreement = await agreementPdf(tx, bookingId);
  if (!detail?.rental || !agreement) throw new Error(`No rental record for booking ${bookingId}`);
  // Kept as signed: the download is this document, not one made again from later data.
  await tx.update(rentals).set({ agreementPdf: agreement.pdf }).where(eq(rentals.bookingId, bookingId));
  const { booking, car, pickup, driver, rental } = detail;
  const language = languageOrDefault(driver.language);
  await notify(tx, [
    {
      userId: driver.id,
      bookingId: booking.id,
      messageKey: "notifications:messages.agreementSigned",
      params: { reference: booking.reference, car: car.name },
    },
  ]);
  await enqueueEmail(
    tx,
    {
      template: "rental-agreement",
      to: [driver.email],
      language,
      data: {
        fullName: driver.fullName,
        reference: booking.reference,
        car: car.name,
        pickup: placeName(pickup, language),
        pickedUpAt: formatInstant(rental.pickedUpAt, language, pickup.timeZone),
        timeZone: pickup.timeZone,
        link: new URL(`/booking?b=${booking.id}`, getEnv().APP_URL).toString(),
      },
      attachments: [
        {
          filename: `agreement-${booking.reference}.pdf`,
          content: agreement.pdf.toString("base64"),
          contentType: "application/pdf",
        },
      ],
    },
    `rental-agreement-${booking.id}`,
  );
}
