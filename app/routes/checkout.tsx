import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CaptchaField, useCaptchaLabel } from "~/components/captcha-field";
import { CarSummary } from "~/components/checkout/car-summary";
import {
  AccountDriverFields,
  AdditionalDriverFields,
  VisitorDriverFields,
  WhatsappConsentFields,
} from "~/components/checkout/driver-fields";
import { OptionChoices } from "~/components/checkout/option-choices";
import { CheckoutPrice } from "~/components/checkout/checkout-price";
import { CheckoutStale } from "~/components/checkout/checkout-stale";
import { useLazyValidation } from "~/components/checkout/use-lazy-validation";
import { FormErrors, SubmitButton } from "~/components/forms";
import { useServerForm } from "~/components/use-server-form";
import type { CheckoutFailure } from "~/modules/booking/checkout-outcome";
import { messages } from "~/modules/forms/messages";
import {
  bookCheckoutLimited,
  failureMessage,
  failureStatus,
  prepareCheckout,
  problemStatus,
} from "~/modules/booking/checkout.server";
import { enabledOnlineMethods } from "~/modules/payment/config.server";
import { VISITOR_BOOKINGS_PER_HOUR } from "~/modules/booking/checkout-limits.server";
import { proofOfForm, requiredCaptcha } from "~/modules/security/captcha.server";
import {
  checkoutHrefWithChoices,
  choosableOptions,
  type CheckoutFields,
  type CheckoutProblem,
} from "~/modules/booking/checkout-form";
import { checkoutPageData } from "~/modules/booking/checkout-page.server";
import { paymentGrant } from "~/modules/payment/grant.server";
import { methodHref, payableQuery } from "~/modules/booking/methods";
import { useTranslation } from "~/modules/i18n/react";
import { optionState } from "~/modules/pricing/pricing";
import { youngDriverFeeCents } from "~/modules/booking/young-driver";
import { authMessages } from "~/modules/user/messages";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";
import { stylesheets } from "~/components/stylesheets";
import catalogueStyles from "~/styles/catalogue.css?url";
import catalogueNarrowStyles from "~/styles/catalogue-narrow.css?url";

export const links = stylesheets(catalogueStyles, catalogueNarrowStyles);

export const meta = privatePageMeta;

/** A link that cannot be booked: a page saying why, with the way back to the same search (never a 500). */
function stale(problem: CheckoutProblem, searchHref: string, limit?: number, message?: string): Response {
  return json(
    { problem, searchHref, limit: limit ?? null, message: message ?? null },
    { status: problemStatus[problem] },
  );
}

/** The checkout prepared as the API prepares it (prepareCheckout), or the stale-link answer to throw. */
async function readCheckout(request: Request, context: AppLoadContext, checkAvailability = false) {
  const url = new URL(request.url);
  const prepared = await prepareCheckout(url.searchParams, {
    language: context.language,
    userId: context.user?.id ?? null,
    online: enabledOnlineMethods(),
    checkAvailability,
  });
  if (!prepared.ok) {
    // The place's hours are worded here, in the reader's language (docs/domain.md#opening-hours).
    const hours = prepared.hours ? context.t(prepared.hours.key, prepared.hours.values) : undefined;
    throw stale(prepared.problem, prepared.searchHref, prepared.limit, hours);
  }
  return { url, ...prepared };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return checkoutPageData(await readCheckout(request, context, true), context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const prepared = await readCheckout(request, context);
  const formData = await request.formData();
  const submission = parseForm(formData, { schema: prepared.schema });
  // A captcha answer is never shown again: the form comes back with a new sum.
  const hidden = { hideFields: ["captchaAnswer"] };
  if (submission.status !== "success") return json(submission.reply(hidden), { status: 400 });
  const result = await bookCheckoutLimited(prepared, submission.value, {
    userId: context.user?.id ?? null,
    language: context.language,
    ip: context.ip,
    captcha: proofOfForm(formData),
  });
  if (result === "rateLimited")
    return json(submission.reply({ ...hidden, formErrors: [messages.rateLimited] }), { status: 429 });
  if (result === "visitorLimit") {
    // Worded here: the form shows keys, without values.
    const message = context.t("booking:errors.visitorLimit", { count: VISITOR_BOOKINGS_PER_HOUR });
    return json(submission.reply({ ...hidden, formErrors: [message] }), { status: 429 });
  }
  if (result === "captcha") {
    // Beside the sum typed; Google's box has no field of the form, so above it.
    const refusal =
      requiredCaptcha() === "challenge"
        ? { fieldErrors: { captchaAnswer: [authMessages.captcha] } }
        : { formErrors: [authMessages.captcha] };
    return json(submission.reply({ ...hidden, ...refusal }), { status: 400 });
  }
  if (result === "captchaUnavailable")
    return json(submission.reply({ ...hidden, formErrors: [authMessages.captchaUnavailable] }), { status: 502 });
  if (result.ok) {
    // A visitor's new account is not signed in: nobody has proven its address yet. The visitor reaches
    // this booking and its payment through a grant in the URL, and nothing else of the account
    // (docs/security.md#unproven-addresses).
    const grant = result.accountCreated ? paymentGrant(result.bookingId) : null;
    if (result.paymentMethod !== "payLater") return redirect(methodHref(result.paymentMethod, result.bookingId, grant));
    const headers = {
      "Set-Cookie": await toastHeader({
        type: "success",
        message: result.accountCreated ? "booking:done.visitor" : "booking:done.user",
      }),
    };
    return redirect(`/booking?${payableQuery(result.bookingId, grant)}`, { headers });
  }
  return json(submission.reply({ ...hidden, ...failureReply(result, context) }), {
    status: failureStatus[result.reason],
  });
}

/** A refusal of the booking service as the form shows it: beside its field, or above the form. */
function failureReply(
  failure: CheckoutFailure,
  context: AppLoadContext,
): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } {
  const { field, message: key, values } = failureMessage(failure, context.language);
  // A message with values (the age) is worded here: the form shows keys, without values.
  const message = values ? context.t(key, values) : key;
  return field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
}

export default function CheckoutPage() {
  const { t } = useTranslation("booking");
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const { pricing, driver, choices, summary, payments } = data;
  const validate = useLazyValidation(data.formOptions);
  // Not conform's useForm: it would put the page over its JavaScript budget (use-server-form.ts).
  const { form, field } = useServerForm<CheckoutFields & { captchaAnswer: string }>({
    lastResult,
    defaultValue: choices,
    constraint: data.constraint,
    validate,
  });
  // The live total: the same price function the server books with, on the ticked boxes and the chosen way to pay.
  const [chosen, setChosen] = useState<string[]>(
    lastResult?.initialValue?.options ? [lastResult.initialValue.options].flat().map(String) : choices.options,
  );
  const [payment, setPayment] = useState<string>(String(lastResult?.initialValue?.payment ?? payments[0]));
  // The birth date typed (or the account's): it decides the young driver fee (docs/domain.md#young-driver-fee).
  const [birthDate, setBirthDate] = useState(String(lastResult?.initialValue?.birthDate ?? ""));
  const readForm = (element: HTMLFormElement) => {
    const values = new FormData(element);
    setChosen(values.getAll("options").map(String));
    setPayment(String(values.get("payment") ?? payments[0]));
    setBirthDate(String(values.get("birthDate") ?? ""));
  };
  // Boxes ticked before the page became interactive fired no change event: read them once it is.
  // Until then the form is shown as the server sent it (`synced` comes in the same render as the
  // boxes' state), so a field being typed into never hides for a moment under the visitor.
  const [synced, setSynced] = useState(false);
  useEffect(() => {
    const element = document.getElementById(form.id);
    if (element instanceof HTMLFormElement) readForm(element);
    setSynced(true);
    // Once per form: readForm only reads the form into state, and is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.id]);
  const chosenOptions = choosableOptions(pricing).filter((k) => chosen.includes(k));
  const young = pricing.youngDriver;
  const fees = {
    ...pricing.fees,
    youngDriver: youngDriverFeeCents(young, driver?.birthDate ?? birthDate, pricing.pickUpDate, summary.days),
  };

  const additionalState = optionState("additionalDriver", pricing.options.additionalDriver).kind;
  // Hidden, not removed, while the option is not ticked: details typed before the page became
  // interactive stay in their fields while the first render catches up with the ticked box.
  const hideAdditional = additionalState !== "included" && synced && !chosen.includes("additionalDriver");
  const emailTaken = field("email").errors?.includes(authMessages.emailTaken) ?? false;
  const returnHref = checkoutHrefWithChoices(
    location.search,
    (lastResult?.initialValue as Record<string, unknown> | undefined) ?? { options: chosen },
  );
  const signInHref = `/sign-in?redirectTo=${encodeURIComponent(returnHref)}`;
  const unavailable = form.errors?.includes("booking:errors.unavailable") ?? false;
  const captchaLabel = useCaptchaLabel(data.captcha);

  const labels: Record<string, string> = {
    options: t("options.title"),
    fullName: t("auth:fields.fullName"),
    email: t("auth:fields.email"),
    phone: t("auth:fields.phone"),
    birthDate: t("auth:fields.birthDate"),
    tos: t("auth:signUp.acceptTos"),
    additionalFullName: t("additionalDriver.fullName"),
    additionalEmail: t("additionalDriver.email"),
    additionalPhone: t("additionalDriver.phone"),
    additionalBirthDate: t("additionalDriver.birthDate"),
    whatsappOptIn: t("auth:whatsapp.optIn"),
    whatsappNumber: t("auth:whatsapp.number"),
    ...captchaLabel,
  };

  return (
    <section className="page narrow stack">
      <h1>{t("title")}</h1>
      <CarSummary data={summary} />
      <Form method="post" {...form.props} className="stack card" onChange={(event) => readForm(event.currentTarget)}>
        <FormErrors form={form} labels={labels} />
        {unavailable ? (
          <p>
            <a href={summary.searchHref}>{t("backToSearch")}</a>
          </p>
        ) : null}
        <OptionChoices field={field("options")} options={pricing.options} excess={data.excess} />
        {driver ? (
          <AccountDriverFields driver={driver} phone={field("phone")} birthDate={field("birthDate")} labels={labels} />
        ) : (
          <VisitorDriverFields
            fields={{
              fullName: field("fullName"),
              email: field("email"),
              phone: field("phone"),
              birthDate: field("birthDate"),
              tos: field("tos"),
            }}
            labels={labels}
            signInHref={signInHref}
            emailTaken={emailTaken}
          />
        )}
        <WhatsappConsentFields optIn={field("whatsappOptIn")} number={field("whatsappNumber")} />
        {additionalState !== "unavailable" ? (
          <AdditionalDriverFields
            fields={{
              additionalFullName: field("additionalFullName"),
              additionalEmail: field("additionalEmail"),
              additionalPhone: field("additionalPhone"),
              additionalBirthDate: field("additionalBirthDate"),
            }}
            labels={labels}
            optional={additionalState === "included"}
            hidden={hideAdditional}
          />
        ) : null}
        <CheckoutPrice
          pricing={pricing}
          days={summary.days}
          chosenOptions={chosenOptions}
          fees={fees}
          payment={payment}
          choices={payments}
          errors={field("payment").errors}
          driverBirthDate={driver?.birthDate}
        />
        <CaptchaField captcha={data.captcha} field={field("captchaAnswer")} attempt={lastResult} />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("submitting")}>
          {t("submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <CheckoutStale />;
}
