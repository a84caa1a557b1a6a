import { Button, Heading, Img, Link, Section, Text } from "@react-email/components";
import type { TFunction } from "i18next";
import { buttonStyle } from "./layout";
import { str, type EmailData as Data } from "./parts";
import { EmailPriceLines } from "./price-lines";

/*
 * The parts of a booking's emails (docs/domain.md#voucher): its lines, its place's hours, its
 * voucher — shared by the confirmation, the reminders and the staff's notices (render.tsx).
 */

/** How the total is paid: at the counter, paid online, or a transfer being verified. */
const totalKeys: Record<string, string> = {
  payLater: "booking.totalPayLater",
  paid: "booking.totalPaid",
  verifying: "booking.totalVerifying",
};

/** The confirmation's opening line for each way the booking is paid. */
export const confirmationBodies: Record<string, string> = {
  payLater: "bookingConfirmation.body",
  paid: "bookingConfirmation.bodyPaid",
  verifying: "bookingConfirmation.bodyVerifying",
};

const voucherHeading = { fontSize: "18px", margin: "24px 0 8px" };
const voucherSubheading = { fontSize: "15px", margin: "16px 0 4px" };

/**
 * The voucher the driver shows at the counter (docs/domain.md#voucher): the reference as text
 * and as a QR code (an inline image, `data.qr`), the pick-up point with its map link and
 * counter instructions, the supplier's phone and WhatsApp, and what to bring. Its words are the
 * booking page's (bookings:voucher). `calendar` says the booking's .ics file is attached.
 */
export function voucher(t: TFunction, data: Data, { calendar }: { calendar: boolean }) {
  const reference = str(data.reference);
  const bring = str(data.bring).split(",").filter(Boolean);
  return (
    <Section>
      <Heading as="h2" style={voucherHeading}>
        {t("bookings:voucher.title")}
      </Heading>
      <Text style={{ margin: "4px 0" }}>{t("bookings:voucher.show")}</Text>
      {data.qr ? (
        <Img src={str(data.qr)} width="180" height="180" alt={t("bookings:voucher.qr", { reference })} />
      ) : null}
      <Text style={{ fontSize: "20px", fontWeight: 700, letterSpacing: "2px", margin: "4px 0" }}>{reference}</Text>
      <Heading as="h3" style={voucherSubheading}>
        {t("bookings:voucher.pickupPoint")}
      </Heading>
      <Text style={{ margin: "4px 0" }}>
        {str(data.pickup)}, {str(data.pickupAddress)}
      </Text>
      <Text style={{ margin: "4px 0" }}>
        <Link href={str(data.map)}>{t("bookings:voucher.openMap")}</Link>
      </Text>
      {data.counter ? (
        <>
          <Heading as="h3" style={voucherSubheading}>
            {t("bookings:voucher.counter")}
          </Heading>
          <Text style={{ margin: "4px 0", whiteSpace: "pre-wrap" }}>{str(data.counter)}</Text>
        </>
      ) : null}
      {data.supplierPhone || data.whatsapp ? (
        <>
          <Heading as="h3" style={voucherSubheading}>
            {t("bookings:voucher.contact", { supplier: str(data.supplier) })}
          </Heading>
          {data.supplierPhone ? (
            <Text style={{ margin: "4px 0" }}>
              {t("bookings:voucher.phone")} <Link href={str(data.supplierPhoneLink)}>{str(data.supplierPhone)}</Link>
            </Text>
          ) : null}
          {data.whatsapp ? (
            <Text style={{ margin: "4px 0" }}>
              <Link href={str(data.whatsapp)}>{t("bookings:voucher.whatsapp", { supplier: str(data.supplier) })}</Link>
            </Text>
          ) : null}
        </>
      ) : null}
      <Heading as="h3" style={voucherSubheading}>
        {t("bookings:voucher.bringTitle")}
      </Heading>
      <ul style={{ margin: "4px 0", paddingLeft: "20px" }}>
        {bring.map((key) => (
          <li key={key} style={{ fontSize: "14px", lineHeight: "24px" }}>
            {t(`bookings:voucher.bring.${key}`)}
          </li>
        ))}
      </ul>
      {calendar ? <Text style={{ margin: "4px 0" }}>{t("bookings:voucher.calendarAttached")}</Text> : null}
    </Section>
  );
}

/**
 * The pick-up place's hours on the pick-up day, on its clock (docs/domain.md#reminder):
 * `hoursOpen`–`hoursClose`, or `closedThatDay`; nothing when the place keeps no hours.
 */
export function hoursLine(t: TFunction, data: Data) {
  if (data.closedThatDay)
    return <Text>{t("pickupReminder.closed", { place: str(data.pickup), supplier: str(data.supplier) })}</Text>;
  if (!data.hoursOpen) return null;
  return (
    <Text>
      {t("pickupReminder.hours", { place: str(data.pickup), open: str(data.hoursOpen), close: str(data.hoursClose) })}
    </Text>
  );
}

/** The trip: reference, car, supplier, both places with their dates on each place's clock, the time zone. */
export function tripLines(t: TFunction, data: Data): Array<[string, string]> {
  return [
    [t("booking.reference"), str(data.reference)],
    [t("booking.car"), str(data.car)],
    [t("booking.supplier"), str(data.supplier)],
    [t("booking.pickup"), t("booking.placeAt", { place: str(data.pickup), date: str(data.from) })],
    [t("booking.dropoff"), t("booking.placeAt", { place: str(data.dropoff), date: str(data.to) })],
    [t("booking.timeZone"), str(data.timeZone)],
  ];
}

/** The lines describing a booking, shared by the driver's confirmation and the staff's notice. */
export function bookingDetails(t: TFunction, data: Data) {
  const options = str(data.options)
    .split(",")
    .filter(Boolean)
    .map((key) => t(`catalogue:options.${key}`))
    .join(", ");
  const lines: Array<[string, string]> = [
    ...tripLines(t, data),
    [t("booking.days"), str(data.days)],
    [t("booking.options"), options || t("booking.noOptions")],
    // With its price lines, the lines below say the total (docs/domain.md#price-lines).
    ...(data.priceLines
      ? []
      : [
          [t("booking.total"), t(totalKeys[str(data.payment)] ?? totalKeys.payLater, { total: str(data.total) })] as [
            string,
            string,
          ],
        ]),
  ];
  return (
    <>
      {lines.map(([label, value]) => (
        <Text key={label} style={{ margin: "4px 0" }}>
          <strong>{t("common:labelled", { label })}</strong> {value}
        </Text>
      ))}
      {data.priceLines ? <EmailPriceLines t={t} lines={str(data.priceLines)} deposit={str(data.deposit)} /> : null}
      <Button href={str(data.link)} style={buttonStyle}>
        {t("booking.button")}
      </Button>
      <Text>{t("linkFallback", { link: str(data.link) })}</Text>
    </>
  );
}
