import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BookingsList } from "~/components/booking/bookings-list";
import { bookingsListAction, loadBookingsList } from "~/modules/booking/list-page.server";
import { MOBILE_HINT } from "~/modules/booking/list-query";
import { useTranslation } from "~/modules/i18n/react";
import { requireUser } from "~/modules/user/auth.server";
import { stylesheets } from "~/components/stylesheets";
import tablesStyles from "~/styles/tables.css?url";

export const links = stylesheets(tablesStyles);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

/** The page size depends on the device (bookingsPageSize): ask for the mobile hint, and say the page varies with it. */
export const headers: HeadersFunction = () => ({ "Accept-CH": MOBILE_HINT, Vary: `${MOBILE_HINT}, User-Agent` });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  return {
    title: `${context.t("bookings:title")} · Rueda`,
    ...(await loadBookingsList(user, request, context.language)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return bookingsListAction(requireUser(request, context), request, "/bookings");
}

export default function BookingsPage() {
  const { t } = useTranslation("bookings");
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page bookings">
      <h1>{t("title")}</h1>
      <BookingsList data={data} actionData={actionData} path="/bookings" />
    </section>
  );
}
