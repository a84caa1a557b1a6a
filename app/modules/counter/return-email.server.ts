import { eq } from "drizzle-orm";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { bookingDetailIn } from "~/modules/booking/booking-detail.server";
import { formatCents, formatNumber } from "~/modules/i18n/format";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { notify } from "~/modules/notification/notify.server";
import { reviewWindowEnd } from "~/modules/review/review";
import { wallClockLabel } from "~/modules/time/zoned-time";
import { finalBillLines, finalBillLineText } from "~/modules/pricing/final-bill-lines";
import { schema, type Executor } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { finalReceiptPdf } from "./final-receipt.server";

const { rentals } = schema;

/**
 * The driver's "car returned" notification and email (docs/domain.md#return): the final bill's lines worded in the
 * driver's language (the rental's) and the final receipt attached as a PDF, written to the outbox
 * in the return's transaction under `rental-returned-<booking>`, so a booking sends it once.
 */
export async function enqueueReturnEmail(tx: Executor, bookingId: number) {
  const detail = await bookingDetailIn(tx, bookingId);
  const receipt = await finalReceiptPdf(tx, bookingId);
  if (!detail || !receipt) throw new Error(`Booking ${bookingId} has no final bill to send`);
  // Kept as sent: the download is this document (docs/domain.md#return).
  const [rental] = await tx
    .update(rentals)
    .set({ finalReceiptPdf: receipt.pdf })
    .where(eq(rentals.bookingId, bookingId))
    .returning({ returnedAt: rentals.returnedAt });
  // docs/domain.md#reviews: the driver is asked for a review at the return, until the window closes.
  const reviewUntil = wallClockLabel(reviewWindowEnd(rental.returnedAt ?? new Date()), detail.dropoff.timeZone);
  await notify(tx, [
    {
      userId: detail.driver.id,
      bookingId,
      messageKey: "notifications:messages.carReturned",
      params: { reference: detail.booking.reference, car: detail.car.name },
    },
    {
      userId: detail.driver.id,
      bookingId,
      messageKey: "notifications:messages.reviewRequest",
      params: { reference: detail.booking.reference, supplier: detail.supplier.name, until: reviewUntil },
    },
  ]);
  const { language, bill } = receipt;
  const t = getFixedT(language, ["price"]);
  const translate = (key: string, values?: Record<string, unknown>) => t(key, values ?? {});
  const lines = finalBillLines(bill).map((line) => finalBillLineText(translate, formatCents, formatNumber, line));
  await enqueueEmail(
    tx,
    {
      template: "rental-returned",
      to: [detail.driver.email],
      language,
      data: {
        fullName: detail.driver.fullName,
        reference: detail.booking.reference,
        car: detail.car.name,
        billLines: JSON.stringify(lines),
        link: new URL(`/booking?b=${bookingId}`, getEnv().APP_URL).toString(),
        supplier: detail.supplier.name,
        reviewUntil,
        reviewLink: new URL(`/booking?b=${bookingId}#review`, getEnv().APP_URL).toString(),
      },
      attachments: [
        {
          filename: `final-receipt-${receipt.reference}.pdf`,
          content: receipt.pdf.toString("base64"),
          contentType: "application/pdf",
        },
      ],
    },
    `rental-returned-${bookingId}`,
  );
}
