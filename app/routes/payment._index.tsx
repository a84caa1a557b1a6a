import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { FormErrors, SubmitButton, TextField } from "~/components/forms";
import { AppReturnNotice } from "~/components/payment/app-return";
import { PaymentErrorBoundary } from "~/components/payment/payment-error";
import { PaymentSummary } from "~/components/payment/payment-summary";
import { useZodForm } from "~/components/use-zod-form";
import { referencePattern } from "~/modules/booking/reference";
import { emailField } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { enabledOnlineMethods } from "~/modules/payment/config.server";
import { paymentGrant } from "~/modules/payment/grant.server";
import { methodHref, payableQuery } from "~/modules/booking/methods";
import {
  findBookingByReferenceLimited,
  isPaid,
  outstandingBookings,
  paymentSummary,
  requirePayableBooking,
} from "~/modules/payment/payable.server";
import { appReturnFor } from "~/modules/payment/handoff.server";
import { privatePageMeta } from "~/modules/http/meta";

/** Typed as people read it off an email: any case, spaces around, the dash optional. */
const referenceField = z
  .string({ error: messages.required })
  .trim()
  .toUpperCase()
  .transform((value) => (value.startsWith("RD") && !value.startsWith("RD-") ? `RD-${value.slice(2)}` : value))
  .pipe(z.string().min(1, messages.required).regex(referencePattern, "payment:direct.invalidReference"));

const lookupSchema = z.object({ reference: referenceField, email: emailField() });

export const meta = privatePageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const title = `${context.t("payment:direct.title")} · Rueda`;
  const params = new URL(request.url).searchParams;
  if (!params.has("b")) {
    const outstanding = context.user ? await outstandingBookings(context.user.id) : [];
    // An expired grant's link lands here (docs/security.md#payment-grants).
    const expired = params.get("expired") === "1";
    return json({
      title,
      view: "find" as const,
      expired,
      outstanding: outstanding.map((b) => ({
        id: b.id,
        reference: b.reference,
        carName: b.carName,
        priceLabel: formatCents(b.priceCents),
      })),
    });
  }
  const { booking, grant } = await requirePayableBooking(request, context);
  const methods = booking.payable ? await enabledOnlineMethods() : [];
  return json({
    title,
    view: "booking" as const,
    summary: paymentSummary(booking),
    payable: booking.payable,
    links: methods.map((method) => ({ method, href: methodHref(method, booking.id, grant) })),
    successHref: `/payment-success?${payableQuery(booking.id, grant)}`,
    bookingHref: booking.driverId === context.user?.id ? `/booking?b=${booking.id}` : null,
    // From the app's hand-off link without a method: the way back without paying (docs/security.md#payment-hand-off).
    appReturn: await appReturnFor(request, booking.id, isPaid(booking) ? "paid" : "cancelled"),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const submission = parseForm(await request.formData(), { schema: lookupSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  // Counted before the answer, so guessing references is slow whatever the outcome (docs/security.md#rate-limits).
  const bookingId = await findBookingByReferenceLimited(submission.value.reference, submission.value.email, context.ip);
  if (bookingId === "rateLimited")
    return json(submission.reply({ formErrors: [messages.rateLimited] }), { status: 429 });
  if (bookingId === null) return json(submission.reply({ formErrors: ["payment:direct.notFound"] }), { status: 404 });
  return redirect(`/payment?${payableQuery(bookingId, paymentGrant(bookingId))}`);
}

export default function PaymentPage() {
  const data = useLoaderData<typeof loader>();
  return data.view === "find" ? (
    <FindBooking outstanding={data.outstanding} expired={data.expired} />
  ) : (
    <ChooseMethod data={data} />
  );
}

function FindBooking({
  outstanding,
  expired,
}: {
  outstanding: Array<{ id: number; reference: string; carName: string; priceLabel: string }>;
  expired: boolean;
}) {
  const { t } = useTranslation("payment");
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(lookupSchema, lastResult, { shouldRevalidate: "onBlur" });
  const labels = { reference: t("direct.reference"), email: t("auth:fields.email") };
  return (
    <section className="page narrow stack">
      <h1>{t("direct.title")}</h1>
      {expired ? (
        <p className="notice notice--warning" role="alert">
          {t("direct.linkExpired")}
        </p>
      ) : null}
      <p>{t("direct.intro")}</p>
      {outstanding.length > 0 ? (
        <section className="card stack" aria-labelledby="outstanding-title">
          <h2 id="outstanding-title">{t("direct.yours")}</h2>
          <ul className="stack">
            {outstanding.map((b) => (
              <li key={b.id}>
                <Link to={`/payment?b=${b.id}`}>
                  {t("direct.payBooking", { reference: b.reference, car: b.carName, price: b.priceLabel })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="card stack">
        <h2>{t("direct.findTitle")}</h2>
        <FormErrors form={form} labels={labels} />
        <TextField
          field={fields.reference}
          label={labels.reference}
          help={t("direct.referenceHelp")}
          autoComplete="off"
        />
        <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("direct.finding")}>
          {t("direct.find")}
        </SubmitButton>
      </Form>
    </section>
  );
}

type BookingView = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { view: "booking" }>;

function ChooseMethod({ data }: { data: BookingView }) {
  const { t } = useTranslation("payment");
  return (
    <section className="page narrow stack">
      <h1>{t("direct.title")}</h1>
      <PaymentSummary data={data.summary} />
      {data.payable ? (
        data.links.length > 0 ? (
          <nav aria-labelledby="methods-title" className="card stack">
            <h2 id="methods-title">{t("direct.chooseMethod")}</h2>
            <ul className="stack">
              {data.links.map((link) => (
                <li key={link.method}>
                  <a className="button" href={link.href}>
                    {t(`direct.payWith.${link.method}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <p className="card">{t("direct.noMethods")}</p>
        )
      ) : (
        <p className="card">
          {data.summary.status === "paid" ? (
            <>
              {t("direct.alreadyPaid")} <a href={data.successHref}>{t("direct.seeConfirmation")}</a>
            </>
          ) : (
            t("direct.notPayable")
          )}
        </p>
      )}
      {data.bookingHref ? (
        <p>
          <Link to={data.bookingHref}>{t("direct.viewBooking")}</Link>
        </p>
      ) : null}
      <AppReturnNotice data={data.appReturn} />
    </section>
  );
}

export { PaymentErrorBoundary as ErrorBoundary };
