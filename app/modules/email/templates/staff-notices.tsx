import { Button, Text } from "@react-email/components";
import type { TFunction } from "i18next";
import { buttonStyle } from "./layout";
import { LabelledLines, str, type EmailData, type EmailTemplate } from "./parts";

/*
 * What the supplier's staff and the admins are emailed about a booking (docs/domain.md#staff-notices):
 * a new booking (every way of paying), a pago móvil transfer waiting for verification, a
 * cancellation and a change with its old → new values, and a driver's request to cancel or change
 * a booking paid online. Each names the booking by its reference
 * and links to it in the back office. The values come formatted in the reader's language
 * (app/modules/booking/tell-staff.server.ts).
 */

/** "before → after" when a value changed, the value alone when it did not. */
function changed(data: EmailData, key: string) {
  const before = data[`${key}Before`];
  const after = str(data[key]);
  return before == null || str(before) === after ? after : `${str(before)} → ${after}`;
}

/** The booking's lines and the button to it in the back office. */
function bookingLines(t: TFunction, data: EmailData) {
  const lines: Array<[string, string]> = [
    [t("booking.reference"), str(data.reference)],
    [t("booking.car"), str(data.car)],
    [t("staff.driver"), str(data.driver)],
    [t("booking.pickup"), changed(data, "pickup")],
    [t("booking.dropoff"), changed(data, "dropoff")],
    [t("booking.total"), changed(data, "total")],
    [t("staff.payment"), t(`bookings:paymentMethods.${str(data.method)}`)],
    [t("staff.status"), t(`common:bookingStatus.${str(data.status)}`)],
  ];
  return (
    <>
      <LabelledLines t={t} lines={lines} />
      <Button href={str(data.link)} style={buttonStyle}>
        {t("staff.button", { reference: str(data.reference) })}
      </Button>
      <Text>{t("linkFallback", { link: str(data.link) })}</Text>
    </>
  );
}

/** A notice: greeting, what happened, the booking. */
function notice(key: string, extra?: (t: TFunction, data: EmailData) => JSX.Element): EmailTemplate {
  return (t, data) => ({
    subject: t(`staff.${key}.subject`, { reference: str(data.reference) }),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>
          {t(`staff.${key}.body`, {
            reference: str(data.reference),
            driver: str(data.driver),
            car: str(data.car),
            amount: str(data.amount),
            amountBs: str(data.amountBs),
            request: str(data.request),
          })}
        </Text>
        {extra?.(t, data)}
        {bookingLines(t, data)}
      </>
    ),
  });
}

export const staffNotices: Record<string, EmailTemplate> = {
  "new-booking": notice("newBooking"),
  "transfer-waiting": notice("transferWaiting", (t, data) => (
    <Text>
      {t("staff.transferWaiting.verify")} <a href={str(data.paymentsLink)}>{t("staff.transferWaiting.payments")}</a>
    </Text>
  )),
  "booking-cancelled": (t, data) => notice(data.by === "driver" ? "cancelledByDriver" : "cancelled")(t, data),
  "booking-changed": notice("changed"),
  "cancel-requested": notice("cancelRequested"),
  "amendment-requested": notice("amendmentRequested"),
};
