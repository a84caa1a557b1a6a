import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BookingsList } from "~/components/booking/bookings-list";
import { requireBackOffice } from "~/modules/access/staff.server";
import { bookingsListAction, loadBookingsList } from "~/modules/booking/list-page.server";
import { filterParams, MOBILE_HINT } from "~/modules/booking/list-query";
import { useTranslation } from "~/modules/i18n/react";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

/** The page size depends on the device (bookingsPageSize), as on /bookings. */
export const headers: HeadersFunction = () => ({ "Accept-CH": MOBILE_HINT, Vary: `${MOBILE_HINT}, User-Agent` });

/** The back office's bookings: the one bookings list (list-page.server.ts) in the caller's scope, with a text search and a CSV export. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  return {
    title: `${context.t("admin:nav.bookings")} · Rueda`,
    ...(await loadBookingsList(user, request, context.language)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return bookingsListAction(requireBackOffice(request, context), request, "/admin/bookings");
}

export default function AdminBookingsPage() {
  const { t } = useTranslation("adminDashboard");
  const { t: ta } = useTranslation("admin");
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const filters = filterParams(data.query).toString();
  return (
    <section className="page stack bookings">
      <h1>{ta("nav.bookings")}</h1>
      <BookingsList
        data={data}
        actionData={actionData}
        path="/admin/bookings"
        withSearch
        tools={
          <p className="bookings-export">
            {/* A download, not a page: the browser fetches it itself, with or without JavaScript. */}
            <Link to={`/admin/bookings/export${filters ? `?${filters}` : ""}`} reloadDocument download>
              {t("bookings.export")}
            </Link>{" "}
            <span className="muted">{t("bookings.exportHelp")}</span>
          </p>
        }
      />
    </section>
  );
}
