import { getZodConstraint } from "@conform-to/zod/v4";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { CaptchaField, useCaptchaLabel } from "~/components/captcha-field";
import { CarSummary } from "~/components/checkout/car-summary";
import { AccountDriverFields, AdditionalDriverFields, VisitorDriverFields } from "~/components/checkout/driver-fields";
import { OptionChoices } from "~/components/checkout/option-choices";
import { PaymentChoices } from "~/components/checkout/payment-choices";
import { PriceLines } from "~/components/price/price-lines";
import { FormErrors, SubmitButton } from "~/components/forms";
import { useServerForm, type Validate } from "~/components/use-server-form";
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
import { pageCaptcha, proofOfForm, requiredCaptcha } from "~/modules/security/captcha.server";
import {
  checkoutHrefWithChoices,
  choicesFromParams,
  checkoutProblems,
  choosableOptions,
  type CheckoutFields,
  type CheckoutProblem,
} from "~/modules/booking/checkout-form";
import type { CheckoutSchemaOptions } from "~/modules/booking/checkout-schema";
import { formatLocalDateTime } from "~/modules/catalogue/present.server";
import { hoursLine, placeHoursNote } from "~/modules/catalogue/place-hours.server";
import { formatCents } from "~/modules/i18n/format";
import { paymentGrant } from "~/modules/payment/grant.server";
import { methodHref, payableQuery } from "~/modules/booking/methods";
import { useTranslation } from "~/modules/i18n/react";
import { optionState, priceRental } from "~/modules/pricing/pricing";
import { youngDriverFeeCents } from "~/modules/booking/young-driver";
import { authMessages } from "~/modules/user/messages";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";

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
  const {
    url,
    link,
    car,
    pickupName,
    dropoffName,
    pickupPlace,
    dropoffPlace,
    fees,
    pickUpDate,
    rates,
    account,
    payments,
    formOptions,
    schema,
  } = await readCheckout(request, context, true);
  const { from, to, days } = link.period;
  const words = { language: context.language, t: context.t };
  // Each place's hours under it, worded here (docs/domain.md#opening-hours).
  const hours = (place: typeof pickupPlace) => {
    const note = placeHoursNote(place, words);
    return note && hoursLine(context.t("booking:summary.hours", { hours: note.week }), note);
  };
  return {
    title: `${context.t("booking:title")} · Rueda`,
    formOptions,
    // The HTML constraints (required, maxlength…) computed here, so the page's first load carries no zod.
    constraint: getZodConstraint(schema),
    summary: {
      car: { name: car.name, image: car.image, supplierName: car.supplierName, supplierLogo: car.supplierLogo },
      pickupName,
      dropoffName,
      fromLabel: formatLocalDateTime(from, context.language),
      toLabel: formatLocalDateTime(to, context.language),
      days,
      searchHref: link.searchHref,
      pickupHours: hours(pickupPlace),
      dropoffHours: hours(dropoffPlace),
    },
    pricing: {
      dailyPriceCents: car.dailyPriceCents,
      payLaterFeePercent: car.payLaterFeePercent,
      options: car.options,
      deposit: car.deposit,
      fees,
      rates,
      youngDriver: car.youngDriver,
      pickUpDate,
    },
    excess: car.excess,
    driver: account?.driver ?? null,
    // A visitor proves a person when the captcha is on (docs/security.md#captcha).
    captcha: account ? null : pageCaptcha(),
    payments,
    choices: choicesFromParams(url.searchParams),
  };
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

/**
 * The browser's instant validation, loaded once the page is interactive: zod stays out of the
 * checkout's first load (docs/architecture.md#budgets), and the server validates every submit anyway.
 */
function useLazyValidation(options: CheckoutSchemaOptions): Validate | null {
  const [validate, setValidate] = useState<Validate | null>(null);
  const key = JSON.stringify(options);
  useEffect(() => {
    let current = true;
    void import("~/modules/booking/checkout-validation").then(({ checkoutValidator }) => {
      if (current) setValidate(() => checkoutValidator(JSON.parse(key) as CheckoutSchemaOptions));
    });
    return () => {
      current = false;
    };
  }, [key]);
  return validate;
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
  const price = priceRental({
    car: pricing,
    days: summary.days,
    rates: pricing.rates,
    options: chosenOptions,
    payLater: payment === "payLater",
    fees,
  });

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
        <PaymentChoices
          choices={payments}
          payLaterFeePercent={pricing.payLaterFeePercent}
          selected={payment}
          errors={field("payment").errors}
          totals={{
            payLater: priceRental({
              car: pricing,
              days: summary.days,
              rates: pricing.rates,
              options: chosenOptions,
              payLater: true,
              fees,
            }).totalCents,
            payNow: priceRental({
              car: pricing,
              days: summary.days,
              rates: pricing.rates,
              options: chosenOptions,
              fees,
            }).totalCents,
          }}
        />
        <PriceLines breakdown={price} deposit={pricing.deposit} />
        {young && !driver?.birthDate ? (
          // Said before the birth date is known, so a driver without JavaScript is not surprised by the booking's total.
          <p className="muted">
            {t("price:checkout.youngDriverNote", { age: young.belowAge, amount: formatCents(young.dailyFeeCents) })}
          </p>
        ) : null}
        <p aria-live="polite">
          {payment === "payLater"
            ? t("total", { count: summary.days })
            : t("payment:checkout.total", { count: summary.days })}{" "}
          <strong data-testid="checkout-total">{formatCents(price.totalCents)}</strong>
        </p>
        <CaptchaField captcha={data.captcha} field={field("captchaAnswer")} attempt={lastResult} />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("submitting")}>
          {t("submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

const problems: ReadonlySet<string> = new Set<string>(checkoutProblems);

export function ErrorBoundary() {
  const { t } = useTranslation("booking");
  const error = useRouteError();
  const data = isRouteErrorResponse(error)
    ? (error.data as {
        problem?: CheckoutProblem;
        searchHref?: string;
        limit?: number | null;
        message?: string | null;
      } | null)
    : null;
  const problem = data?.problem && problems.has(data.problem) ? data.problem : null;
  return (
    <section className="page narrow error-page">
      <h1>{t("stale.title")}</h1>
      <p>{data?.message ?? (problem ? t(`stale.${problem}`, { count: data?.limit ?? 0 }) : t("common:error.body"))}</p>
      <p>
        <a className="button" href={data?.searchHref ?? "/search"}>
          {t("backToSearch")}
        </a>
      </p>
    </section>
  );
}
