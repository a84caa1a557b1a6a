import { formatLocalDateTime } from "~/modules/catalogue/present.server";
import { formatCents } from "~/modules/i18n/format";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { languageOrDefault, type Language } from "~/modules/i18n/languages";
import { placeName } from "~/modules/i18n/place-name";
import { qrPng } from "~/modules/images/qr.server";
import { wordedPrice } from "~/modules/pricing/price-lines";
import { optionKeys } from "~/modules/pricing/pricing";
import { instantToLocal } from "~/modules/time/zoned-time";
import type { Executor } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { tellDriver } from "~/modules/whatsapp/outbox-whatsapp.server";
import { bookingDetailIn } from "./booking-detail.server";
import { bookingCalendar } from "./calendar";
import { counterInstructions, mapLink, phoneLink, whatsappLink, whatToBring } from "./voucher";

/** The content id the confirmation's HTML names its QR code image by (`cid:`). */
export const VOUCHER_QR_CID = "voucher-qr";

/**
 * How the confirmation speaks of the payment: to pay at the counter, paid, or a transfer being
 * verified (pago móvil, USDT), which is what a hold that stopped being `void` without being
 * paid is waiting for (docs/domain.md#payments).
 */
function paymentState(status: string, paymentMethod: string): "payLater" | "paid" | "verifying" {
  if (status === "paid") return "paid";
  return paymentMethod === "payLater" ? "payLater" : "verifying";
}

/** A booking's details as `bookingDetailIn` reads them. */
type Detail = NonNullable<Awaited<ReturnType<typeof bookingDetailIn>>>;

/**
 * The trip as every email to the driver words it, in their language: the driver's name, the
 * reference, car, supplier, both places and their local times, the pick-up place's zone.
 */
export function tripOf(detail: Detail, language: Language) {
  const { booking, car, supplier, pickup, dropoff, driver } = detail;
  return {
    fullName: driver.fullName,
    reference: booking.reference,
    car: car.name,
    supplier: supplier.name,
    pickup: placeName(pickup, language),
    dropoff: placeName(dropoff, language),
    from: formatLocalDateTime(instantToLocal(booking.startsAt, pickup.timeZone), language),
    to: formatLocalDateTime(instantToLocal(booking.endsAt, dropoff.timeZone), language),
    timeZone: pickup.timeZone,
  };
}

/**
 * What the confirmation and the pick-up reminder both say of a booking, in the driver's
 * language (docs/domain.md#voucher): the trip (reference, car, supplier, places and their local
 * times), the booking page's link and the voucher, with its QR code as an inline image.
 */
export async function tripAndVoucher(detail: Detail, language: Language) {
  const { booking, supplier, pickup } = detail;
  return {
    data: {
      ...tripOf(detail, language),
      pickupAddress: pickup.address,
      dropoffAddress: detail.dropoff.address,
      link: new URL(`/booking?b=${booking.id}`, getEnv().APP_URL).toString(),
      map: mapLink(pickup),
      counter: counterInstructions(pickup, language),
      supplierPhone: supplier.phone,
      supplierPhoneLink: supplier.phone ? phoneLink(supplier.phone) : null,
      whatsapp: supplier.whatsapp ? whatsappLink(supplier.whatsapp) : null,
      qr: `cid:${VOUCHER_QR_CID}`,
      bring: whatToBring.join(","),
    },
    qr: {
      filename: `${booking.reference}.png`,
      content: (await qrPng(booking.reference)).toString("base64"),
      contentType: "image/png",
      contentId: VOUCHER_QR_CID,
    },
  };
}

/**
 * The driver's one confirmation of a booking (docs/domain.md#voucher), whatever the way of
 * paying: the trip (reference, car, places and their local times, options, total and how it
 * is paid) and the voucher (the reference as a QR code, the pick-up point on a map, the
 * counter instructions, the supplier's phone and WhatsApp, what to bring), with the booking as
 * an .ics file. Rendered in the driver's language and written to the outbox in the caller's
 * transaction under `booking-confirmation-<booking>`, so however often it is asked for, the
 * driver gets one. A driver who opted in to WhatsApp also gets the `booking_confirmed` template
 * (docs/domain.md#whatsapp); the email goes too, as it carries the voucher.
 */
export async function enqueueBookingConfirmation(tx: Executor, bookingId: number) {
  const detail = await bookingDetailIn(tx, bookingId);
  if (!detail) throw new Error(`No booking ${bookingId} to confirm`);
  const { booking, car, driver } = detail;
  const language = languageOrDefault(driver.language);
  const ics = bookingCalendar(detail, language, getFixedT(language));
  const options = optionKeys.filter((key) => booking[key]);
  // The price lines and the deposit in the driver's language, as the booking page shows them
  // (docs/domain.md#price-lines); a booking made before deposits were recorded shows the car's.
  const tPrice = getFixedT(language, "price");
  const price = wordedPrice((key, values) => tPrice(key, values ?? {}), formatCents, {
    ...booking.breakdown,
    deposit: booking.breakdown.deposit ?? { cents: car.depositCents, method: car.depositMethod },
  });
  const shared = await tripAndVoucher(detail, language);
  await tellDriver(tx, {
    userId: driver.id,
    bookingId: booking.id,
    language,
    template: "booking_confirmed",
    values: {
      reference: booking.reference,
      car: car.name,
      pickup: shared.data.pickup,
      from: shared.data.from,
      link: shared.data.link,
    },
    key: `whatsapp-booking-confirmed-${booking.id}`,
    document: true,
    email: {
      request: {
        template: "booking-confirmation",
        to: [driver.email],
        language,
        data: {
          ...shared.data,
          days: booking.days,
          // Option keys; the template names them in the reader's language.
          options: options.join(","),
          total: formatCents(booking.priceCents),
          priceLines: JSON.stringify(price.lines),
          deposit: price.deposit ?? "",
          payment: paymentState(booking.status, booking.paymentMethod),
        },
        attachments: [
          shared.qr,
          {
            filename: `${booking.reference}.ics`,
            content: Buffer.from(ics).toString("base64"),
            contentType: "text/calendar",
          },
        ],
      },
      jobId: `booking-confirmation-${booking.id}`,
    },
  });
}
