import { Form } from "@remix-run/react";
import { StatusSelect } from "~/components/booking/status-select";
import { useTranslation } from "~/modules/i18n/react";
import type { BookingPage } from "~/modules/counter/booking-page.server";

/** The driver's cancel, as bookingActions offers it: at once or as a request (docs/domain.md#cancellation). */
export function CancelSection({ booking, cancel }: Pick<BookingPage, "booking" | "cancel">) {
  const { t } = useTranslation("bookings");
  if (cancel === "none") return null;
  return (
    <section className="card stack" id="cancel" aria-labelledby="cancel-title">
      <h2 id="cancel-title">{t("cancel.title")}</h2>
      <p>{t(`cancel.${cancel}Help`)}</p>
      {/* The driver confirms on a page of its own first, with or without JavaScript (booking_.cancel.tsx). */}
      <Form method="get" action="/booking/cancel">
        <input type="hidden" name="b" value={booking.id} />
        <button type="submit" className="button button--danger">
          {t(cancel === "immediate" ? "cancel.button" : "cancel.requestButton")}
        </button>
      </Form>
    </section>
  );
}

/** Staff settle the driver's open cancel request. */
export function CancelRequestSection({ resolveCancelRequest }: Pick<BookingPage, "resolveCancelRequest">) {
  const { t } = useTranslation("bookings");
  if (!resolveCancelRequest) return null;
  return (
    <section className="card stack" aria-labelledby="request-title">
      <h2 id="request-title">{t("detail.cancelRequested")}</h2>
      <Form method="post" className="row">
        <button type="submit" name="intent" value="accept-cancel">
          {t("staff.accept")}
        </button>
        <button type="submit" name="intent" value="decline-cancel">
          {t("staff.decline")}
        </button>
      </Form>
    </section>
  );
}

/** Staff move the booking to one of the statuses the table allows now (docs/domain.md#booking-status). */
export function StatusSection({ targets }: Pick<BookingPage, "targets">) {
  const { t } = useTranslation("bookings");
  if (targets.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="status-title">
      <h2 id="status-title">{t("staff.changeStatus")}</h2>
      <Form method="post" className="row">
        <StatusSelect id="new-status" label={t("bulk.newStatus")} statuses={targets} />
        <button type="submit" name="intent" value="status">
          {t("staff.save")}
        </button>
      </Form>
    </section>
  );
}
