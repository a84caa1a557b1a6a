import { Button, plainTextSelectors, Text } from "@react-email/components";
import { compile } from "html-to-text";
import { renderToStaticMarkup } from "react-dom/server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { languageOrDefault } from "~/modules/i18n/languages";
import { buttonStyle, EmailLayout } from "./layout";
import { LabelledLines, str, type EmailData as Data, type EmailTemplate as Template } from "./parts";
import { staffInvitation } from "./staff-invitation";
import { staffNotices } from "./staff-notices";
import { bookingDetails, confirmationBodies, hoursLine, tripLines, voucher } from "./booking-parts";

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
