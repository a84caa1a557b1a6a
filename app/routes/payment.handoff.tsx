import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppReturnNotice } from "~/components/payment/app-return";
import { PaymentErrorBoundary } from "~/components/payment/payment-error";
import { privatePageMeta } from "~/modules/http/meta";
import { useTranslation } from "~/modules/i18n/react";
import { HANDOFF_MINUTES, appReturnHref } from "~/modules/payment/handoff";
import { appReturnSetCookie, openHandoff } from "~/modules/payment/handoff.server";

export const meta = privatePageMeta;

/** No cache keeps this page: its address is a one-time key. */
const privateHeaders = { "Cache-Control": "no-store" };

/**
 * An app's hand-off link (docs/security.md#payment-hand-off), opened in a browser: spent on this
 * GET (the one state change on GET besides `?l=`, docs/security.md#headers), then on to the
 * booking's payment page with a grant for that booking only. A link used, expired or unknown, or
 * a booking with nothing to pay, gets a page that says so and the way back to the app.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const opening = await openHandoff(new URL(request.url).searchParams.get("t"));
  if (opening.kind === "pay") {
    throw redirect(opening.location, {
      headers: { ...privateHeaders, "Set-Cookie": await appReturnSetCookie(opening.bookingId, opening.returnUrl) },
    });
  }
  if (opening.kind === "paid" || opening.kind === "closed") {
    const status = opening.kind === "paid" ? "paid" : "cancelled";
    return json(
      {
        title: `${context.t(`payment:handoff.${opening.kind}Title`)} · Rueda`,
        view: opening.kind,
        appReturn: { href: opening.returnUrl ? appReturnHref(opening.returnUrl, opening.bookingId, status) : null },
      },
      { headers: privateHeaders },
    );
  }
  const view = opening.kind === "unknown" ? "invalid" : opening.kind;
  return json(
    { title: `${context.t(`payment:handoff.${view}Title`)} · Rueda`, view, appReturn: null },
    // A page for people, answered 200 like the activation and reset pages' spent links.
    { headers: privateHeaders },
  );
}

export const headers: HeadersFunction = () => privateHeaders;

export default function PaymentHandoffPage() {
  const { t } = useTranslation("payment");
  const data = useLoaderData<typeof loader>();
  return (
    <section className="page narrow stack">
      <h1>{t(`handoff.${data.view}Title`)}</h1>
      <p role={data.appReturn ? "status" : "alert"}>{t(`handoff.${data.view}Body`, { count: HANDOFF_MINUTES })}</p>
      <AppReturnNotice data={data.appReturn} />
    </section>
  );
}

export { PaymentErrorBoundary as ErrorBoundary };
