import { Button, plainTextSelectors, Text } from "@react-email/components";
import { compile } from "html-to-text";
import type { TFunction } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { languageOrDefault } from "~/modules/i18n/languages";
import { buttonStyle, EmailLayout } from "./layout";
import { EmailPriceLines } from "./price-lines";

type Data = Record<string, string | number | null>;
type Template = (t: TFunction, data: Data) => { subject: string; body: JSX.Element };

const str = (value: string | number | null | undefined) => (value == null ? "" : String(value));

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

/** The lines describing a booking, shared by the driver's confirmation and the staff's notice. */
function bookingDetails(t: TFunction, data: Data) {
  const options = str(data.options)
    .split(",")
    .filter(Boolean)
    .map((key) => t(`catalogue:options.${key}`))
    .join(", ");
  const lines: Array<[string, string]> = [
    [t("booking.reference"), str(data.reference)],
    [t("booking.car"), str(data.car)],
    [t("booking.supplier"), str(data.supplier)],
    [t("booking.pickup"), t("booking.placeAt", { place: str(data.pickup), date: str(data.from) })],
    [t("booking.dropoff"), t("booking.placeAt", { place: str(data.dropoff), date: str(data.to) })],
    [t("booking.timeZone"), str(data.timeZone)],
    [t("booking.days"), str(data.days)],
    [t("booking.options"), options || t("booking.noOptions")],
    // With its price lines, the lines below say the total (docs/domain.md#price-lines).
    ...(data.priceLines
      ? []
      : [[t("booking.total"), t("booking.totalPayLater", { total: str(data.total) })] as [string, string]]),
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
  "booking-confirmation": (t, data) => ({
    subject: t("bookingConfirmation.subject", { reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>{t("bookingConfirmation.body", { car: str(data.car) })}</Text>
        {bookingDetails(t, data)}
      </>
    ),
  }),
  "new-booking": (t, data) => ({
    subject: t("newBooking.subject", { reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>{t("newBooking.body", { driver: str(data.driver), car: str(data.car) })}</Text>
        {bookingDetails(t, data)}
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
