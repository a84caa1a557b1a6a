import { Button, Heading, Img, Link, plainTextSelectors, Section, Text } from "@react-email/components";
import { compile } from "html-to-text";
import type { TFunction } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { languageOrDefault } from "~/modules/i18n/languages";
import { buttonStyle, EmailLayout } from "./layout";
import { LabelledLines, str, type EmailData as Data, type EmailTemplate as Template } from "./parts";
import { staffInvitation } from "./staff-invitation";
import { staffNotices } from "./staff-notices";
import { EmailPriceLines } from "./price-lines";

/** An email whose point is one link (activate, choose a password): greeting, text, button, expiry. */
function linkEmail(key: string): Template {
  return (t, data) => ({
    subject: t(`${key}.subject`),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>{t(`${key}.body`)}</Text>
        <Button href={str(data.link)} style={buttonStyle}>
          {t(`${key}.button`)}
        </Button>
        <Text>{t(`${key}.expiry`)}</Text>
        <Text>{t("linkFallback", { link: str(data.link) })}</Text>
      </>
    ),
  });
}

/** How the total is paid: at the counter, paid online, or a transfer being verified. */
const totalKeys: Record<string, string> = {
  payLater: "booking.totalPayLater",
  paid: "booking.totalPaid",
  verifying: "booking.totalVerifying",
};

/** The confirmation's opening line for each way the booking is paid. */
const confirmationBodies: Record<string, string> = {
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
function voucher(t: TFunction, data: Data, { calendar }: { calendar: boolean }) {
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
function hoursLine(t: TFunction, data: Data) {
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
function tripLines(t: TFunction, data: Data): Array<[string, string]> {
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
function bookingDetails(t: TFunction, data: Data) {
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

const templates: Record<string, Template> = {
  "contact-message": (t, data) => ({
    subject: t("contact.subject", { subject: str(data.subject) }),
    body: (
      <>
        <Text>{t("contact.intro", { email: str(data.email) })}</Text>
        <Text style={{ fontWeight: 700 }}>{str(data.subject)}</Text>
        <Text style={{ whiteSpace: "pre-wrap" }}>{str(data.message)}</Text>
      </>
    ),
  }),
  activation: linkEmail("activation"),
  "password-reset": linkEmail("reset"),
  "admin-invitation": linkEmail("adminInvitation"),
  "staff-invitation": staffInvitation,
  ...staffNotices,
  "booking-confirmation": (t, data) => ({
    subject: t("bookingConfirmation.subject", { reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>{t(confirmationBodies[str(data.payment)] ?? confirmationBodies.payLater, { car: str(data.car) })}</Text>
        {bookingDetails(t, data)}
        {voucher(t, data, { calendar: true })}
      </>
    ),
  }),
  // About a day before pick-up (docs/domain.md#reminder): the trip on the places' clocks, the booking page and the voucher.
  "pickup-reminder": (t, data) => ({
    subject: t("pickupReminder.subject", { reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>{t("pickupReminder.body", { car: str(data.car), place: str(data.pickup), date: str(data.from) })}</Text>
        {hoursLine(t, data)}
        <LabelledLines t={t} lines={tripLines(t, data)} />
        <Button href={str(data.link)} style={buttonStyle}>
          {t("booking.button")}
        </Button>
        <Text>{t("linkFallback", { link: str(data.link) })}</Text>
        {voucher(t, data, { calendar: false })}
      </>
    ),
  }),
  // After the pick-up (docs/domain.md#rental-agreement): the signed agreement, attached as a PDF.
  "rental-agreement": (t, data) => ({
    subject: t("rentalAgreement.subject", { reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>
          {t("rentalAgreement.body", { car: str(data.car), place: str(data.pickup), date: str(data.pickedUpAt) })}
        </Text>
        <Text>{t("rentalAgreement.keep")}</Text>
        <Button href={str(data.link)} style={buttonStyle}>
          {t("booking.button")}
        </Button>
        <Text>{t("linkFallback", { link: str(data.link) })}</Text>
      </>
    ),
  }),
  // docs/domain.md#return: the final bill's lines, worded by the sender; the final receipt is attached.
  "rental-returned": (t, data) => ({
    subject: t("rentalReturned.subject", { reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>{t("rentalReturned.body", { car: str(data.car), reference: str(data.reference) })}</Text>
        <LabelledLines
          t={t}
          lines={(JSON.parse(str(data.billLines)) as Array<{ label: string; amount: string }>).map(
            ({ label, amount }) => [label, amount],
          )}
        />
        <Text>{t("rentalReturned.attached")}</Text>
        <Button href={str(data.link)} style={buttonStyle}>
          {t("booking.button")}
        </Button>
        <Text>{t("linkFallback", { link: str(data.link) })}</Text>
        {/* docs/domain.md#reviews: the request for the driver's review, with its window. */}
        <Text>{t("rentalReturned.review", { supplier: str(data.supplier), until: str(data.reviewUntil) })}</Text>
        <Button href={str(data.reviewLink)} style={buttonStyle}>
          {t("rentalReturned.reviewButton")}
        </Button>
      </>
    ),
  }),
  // docs/domain.md#damage-claims: what is asked from the deposit and why, until when to answer, the evidence's link.
  "damage-claim": (t, data) => ({
    subject: t("damageClaim.subject", { reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>{t("damageClaim.body", { car: str(data.car), reference: str(data.reference) })}</Text>
        <LabelledLines
          t={t}
          lines={[
            [t("damageClaim.note"), str(data.note)],
            [t("damageClaim.estimate"), str(data.estimate)],
            [t("damageClaim.asked"), str(data.asked)],
          ]}
        />
        <Text>{t("damageClaim.answer", { until: str(data.until) })}</Text>
        <Button href={str(data.link)} style={buttonStyle}>
          {t("damageClaim.button")}
        </Button>
        <Text>{t("linkFallback", { link: str(data.link) })}</Text>
      </>
    ),
  }),
  // docs/domain.md#reviews: the one reminder, 3 days before the review's window closes.
  "review-reminder": (t, data) => ({
    subject: t("reviewReminder.subject", { supplier: str(data.supplier), reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>{t("reviewReminder.body", { supplier: str(data.supplier), until: str(data.until) })}</Text>
        <Button href={str(data.link)} style={buttonStyle}>
          {t("rentalReturned.reviewButton")}
        </Button>
        <Text>{t("linkFallback", { link: str(data.link) })}</Text>
      </>
    ),
  }),
  // docs/domain.md#unproven-holds: a visitor's pay-later booking released because nobody proved the address in time.
  "booking-released": (t, data) => ({
    subject: t("bookingReleased.subject", { reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>
          {t("bookingReleased.body", { reference: str(data.reference), car: str(data.car), count: Number(data.hours) })}
        </Text>
        <LabelledLines t={t} lines={tripLines(t, data)} />
        <Text>{t("bookingReleased.again")}</Text>
        <Button href={str(data.link)} style={buttonStyle}>
          {t("bookingReleased.button")}
        </Button>
        <Text>{t("linkFallback", { link: str(data.link) })}</Text>
      </>
    ),
  }),
  "password-changed": (t, data) => ({
    subject: t("passwordChanged.subject"),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>{t("passwordChanged.body")}</Text>
      </>
    ),
  }),
  "booking-status-changed": (t, data) => ({
    subject: t("statusChanged.subject", { reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>
          {t("statusChanged.body", {
            reference: str(data.reference),
            status: t(`common:bookingStatus.${str(data.status)}`),
          })}
        </Text>
      </>
    ),
  }),
  "payment-confirmation": (t, data) => ({
    subject: t("payment:email.subject", { reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>
          {t("payment:email.body", {
            amount: str(data.amount),
            reference: str(data.reference),
            car: str(data.car),
            method: t(`payment:methods.${str(data.method)}`),
          })}
        </Text>
        <Button href={str(data.link)} style={buttonStyle}>
          {t("booking.button")}
        </Button>
        <Text>{t("linkFallback", { link: str(data.link) })}</Text>
      </>
    ),
  }),
  "mobile-payment-rejected": (t, data) => ({
    subject: t("mobilePayment:email.rejectedSubject", { reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>{t("mobilePayment:email.rejectedBody", { reference: str(data.reference) })}</Text>
        <Text>{t("mobilePayment:email.reason", { reason: str(data.reason) })}</Text>
        <Text>{t("mobilePayment:email.payAgain")}</Text>
        <Button href={str(data.link)} style={buttonStyle}>
          {t("mobilePayment:email.button")}
        </Button>
        <Text>{t("linkFallback", { link: str(data.link) })}</Text>
      </>
    ),
  }),
  // Its words live with the bookings' (bookings:emails), which own the cancel request.
  "booking-cancel-declined": (t, data) => ({
    subject: t("bookings:emails.cancelDeclined.subject", { reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>{t("bookings:emails.cancelDeclined.body", { reference: str(data.reference) })}</Text>
      </>
    ),
  }),
};

/** The doctype react-email gives its documents (HTML email is written to XHTML 1.0 Transitional). */
const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** react-email's plain-text conversion, set up once instead of on every email. */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * Renders one email in the recipient's language to subject, HTML and plain text. Emails are
 * rendered inside business transactions (docs/architecture.md#outbox), so this stays cheap: one
 * synchronous React render, whose markup also gives the text, instead of react-email's `render`
 * (two streamed renders, each re-importing React's server renderer and recompiling the text
 * converter), and `t` from the shared i18next instance.
 */
export async function renderEmail(template: string, language: string, data: Data) {
  const lng = languageOrDefault(language);
  const t = getFixedT(lng, "emails");
  const build = templates[template];
  if (!build) throw new Error(`Unknown email template: ${template}`);
  const { subject, body } = build(t, data);
  const markup = renderToStaticMarkup(
    <EmailLayout language={lng} preview={subject} footer={t("footer")}>
      {body}
    </EmailLayout>,
  );
  return { subject, html: XHTML_DOCTYPE + markup, text: toPlainText(markup) };
}
